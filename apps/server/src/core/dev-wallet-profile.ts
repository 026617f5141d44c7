/**
 * The test wallet's profile (the name and email it answers when a site asks): the identity part signs in
 * with it and the demo rail funds the key it names, so it sits below both.
 */
export const DEV_WALLET_PROFILE = { fullName: 'Test User', email: 'test.user@example.com' };
