/** Saves text the browser already holds as a file (a CSV built from loaded pages). */
export function downloadFile(filename: string, parts: BlobPart[], type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob(parts, { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
