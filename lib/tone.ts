/** One colour per meaning everywhere, always with an icon and a word (never colour alone). */
export type Tone = 'success' | 'pending' | 'danger' | 'neutral' | 'info';
