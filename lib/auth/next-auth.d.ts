import type { DefaultSession } from 'next-auth';

declare module 'next-auth' {
  interface Session {
    user: { id: string } & DefaultSession['user'];
  }
}

declare module 'next-auth/jwt' {
  interface JWT {
    /** Motorpool's user id (never the identity provider's subject). */
    uid?: string;
    /** This session's id: signing out records it as ended. */
    sid?: string;
    /** The user's session version at sign-in; a bump ends every older session. */
    sv?: number;
    /** Sign-in time (seconds since the epoch): the absolute lifetime counts from here. */
    sat?: number;
  }
}
