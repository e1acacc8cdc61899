// socket.io on the shared HTTP server. Rooms are per church and channel; the live chat
// issue adds messages, moderation and the commit-to-Jesus moment on top of this.
import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { z } from 'zod';

const joinPayload = z.object({ igreja: z.string().min(1).max(100), channel: z.string().min(1).max(100) });

export function attachChat(httpServer: HttpServer): Server {
  const io = new Server(httpServer, { path: '/socket.io', serveClient: false });
  io.on('connection', (socket) => {
    socket.on('join', async (payload: unknown, ack?: (r: unknown) => void) => {
      const parsed = joinPayload.safeParse(payload);
      if (!parsed.success) return ack?.({ status: false, message: 'Invalid channel.' });
      await socket.join(`${parsed.data.igreja}:${parsed.data.channel}`);
      ack?.({ status: true });
    });
  });
  return io;
}
