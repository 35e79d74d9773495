/**
 * Twilio Video access tokens, made with Twilio's server SDK (`twilio`, loaded only when the
 * TWILIO_* variables are set). A token carries the participant's identity and a VideoGrant for one
 * room; `twilio-video` in the browser connects with it. Rooms are created by the first connect
 * (Twilio's client-side room creation, on by default), as the account's default room type.
 */
type TwilioSettings = { accountSid: string; apiKeySid: string; apiKeySecret: string };

/** Four hours: longer than any exam; Twilio accepts up to 24 h. A reconnecting page asks again. */
export const twilioTokenTtlSeconds = 4 * 60 * 60;

export type TwilioTokens = { issue(identity: string, roomName: string): string };

export async function createTwilioTokens(settings: TwilioSettings): Promise<TwilioTokens> {
  const { default: twilio } = await import('twilio');
  const { AccessToken } = twilio.jwt;
  return {
    issue(identity, roomName) {
      const token = new AccessToken(settings.accountSid, settings.apiKeySid, settings.apiKeySecret, {
        identity,
        ttl: twilioTokenTtlSeconds,
      });
      token.addGrant(new AccessToken.VideoGrant({ room: roomName }));
      return token.toJwt();
    },
  };
}
