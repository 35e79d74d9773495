// Bundled by video-room.ts (esbuild) into the test pages: the room's real modules, without the app's UI.
import { createWebSocketChannel } from '../../src/lib/realtime/websocket-channel.ts';
import { joinWebRtcRoom } from '../../src/lib/video/webrtc-room.ts';

Object.assign(globalThis, { videoLib: { createWebSocketChannel, joinWebRtcRoom } });
