import 'server-only';
import { Server } from 'node:http';
import type { IncomingMessage } from 'node:http';
import { PEER_ADDRESS_HEADER } from '@/lib/auth/server/client-address';

const INSTALLED = Symbol.for('motorpool.peerAddressStamp');

/**
 * Next's route handlers never see the TCP socket, and Next fills X-Forwarded-For with the
 * peer only when the client sent none. So every request arriving at this process's HTTP
 * servers gets PEER_ADDRESS_HEADER set to the socket's remote address, replacing any value a
 * client sent. Installed once per process at start-up (instrumentation.ts); requests accepted
 * before that carry no stamp and count under the DIRECT_BUCKET.
 */
export function installPeerAddressStamp(): void {
  const proto = Server.prototype as Server & { [INSTALLED]?: true };
  if (proto[INSTALLED]) return;
  proto[INSTALLED] = true;
  const emit = proto.emit as (this: Server, event: string | symbol, ...args: unknown[]) => boolean;
  proto.emit = function stampedEmit(this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request') {
      const request = args[0] as IncomingMessage;
      const address = request.socket?.remoteAddress;
      if (address) request.headers[PEER_ADDRESS_HEADER] = address;
      else delete request.headers[PEER_ADDRESS_HEADER];
    }
    return emit.call(this, event, ...args);
  } as typeof proto.emit;
}
