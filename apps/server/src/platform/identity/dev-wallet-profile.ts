/** The test wallet's profile (name and email it answers when a site asks), shared with the rails that fund it. */
export const DEV_WALLET_PROFILE = { fullName: 'Test User', email: 'test.user@example.com' };
