import { describe, expect, it } from 'vitest';
import { realOffer } from '../../test/werift-echo-client.js';
import { InvalidOfferError } from './preflight-peer.js';
import { createPreflightPeers } from './preflight-peers.js';

describe('the preflight peers of one process', () => {
  it('holds at most maxPeers, closes each after its lifetime, and frees the slot', async () => {
    const peers = createPreflightPeers({ maxPeers: 1, lifetimeMs: 400, maxEchoBytesPerSecond: 1000 });
    const offer = await realOffer();
    expect(await peers.answer(offer)).toMatch(/^v=0/);
    expect(peers.count).toBe(1);
    expect(await peers.answer(offer)).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(peers.count).toBe(0);
    expect(await peers.answer(offer)).toMatch(/^v=0/);
    await peers.closeAll();
    expect(peers.count).toBe(0);
  }, 20_000);

  it('refuses what is not an offer without keeping a slot', async () => {
    const peers = createPreflightPeers({ maxPeers: 1, lifetimeMs: 1000, maxEchoBytesPerSecond: 1000 });
    await expect(peers.answer('hello')).rejects.toBeInstanceOf(InvalidOfferError);
    await expect(peers.answer('v=0\r\nm=audio 9 RTP/AVP 0\r\n')).rejects.toBeInstanceOf(InvalidOfferError);
    expect(peers.count).toBe(0);
  }, 20_000);
});
