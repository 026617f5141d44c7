/** Strings of the store's connect pages: /connect-cli, /gen-key-pair, /connect-studio, /profile, /join. */
export const storeConnectEn = {
  session: {
    codeLabel: 'Connection code',
    codeHelp: 'Check that your terminal shows the same code before you approve.',
    expires: 'This request expires at {{time}}.',
    approve: 'Approve with wallet',
    dialogTitle: 'Approve with your wallet',
    approvedTitle: 'Connected',
    approvedText:
      'An access token was sent to the command-line tool, encrypted so only it can read it. You can close this page.',
    loading: 'Loading the request…',
    // SPEC: the three connect-CLI errors.
    errorInvalid: 'This connection request is invalid or has expired. Run the connect command again.',
    errorConnection: 'The connection failed. Check your network and reload this page.',
    errorNoNft:
      'Your account holds no developer passport (developer NFT) for this store, so it cannot connect the command-line tool.',
    retry: 'Reload',
    joinLink: 'Become a developer',
  },
  connectCli: {
    title: 'Connect the command-line tool',
    intro:
      'The store command-line tool asks for an access token to publish applications as you. Approve only a request you started yourself with payshelf-store connect.',
    emptyTitle: 'No connection request',
    emptyDescription:
      'Run payshelf-store connect --store <this store> in a terminal. It opens this page with a request for you to approve.',
  },
  connectStudio: {
    title: 'Connect the studio',
    intro:
      'A studio or another development tool asks for an access token to publish applications as you, through the same encrypted handoff as the command-line tool.',
    emptyTitle: 'No studio connection request',
    emptyDescription:
      'Start the connection from the studio; it opens this page with a request for you to approve.',
  },
  genKeyPair: {
    title: 'Generate a key pair for a new application',
    intro:
      'Every application in the store is identified by a DID. Generate a key pair here, put the DID in your blocklet.json as "did", and keep the secret key safe: it proves the application is yours. The key is made in this browser and never sent to the store; only the public key is, to compute the DID.',
    generate: 'Generate key pair',
    again: 'Generate another',
    did: 'Application DID',
    publicKey: 'Public key',
    secretKey: 'Secret key',
    secretWarning:
      'Shown once: copy or download it now. Anyone with the secret key can sign as this application.',
    copy: 'Copy',
    copied: 'Copied',
    download: 'Download key file',
    unsupported: 'This browser cannot generate Ed25519 keys. Use a current Chrome, Edge, Firefox or Safari.',
    failed: 'The key pair could not be made: {{message}}',
  },
  profile: {
    title: 'Developer profile',
    apps: 'Published applications',
    noApps: 'No published applications yet',
    noAppsText: 'Applications this developer publishes, once public and approved, are listed here.',
    downloads: '{{count}} downloads',
    notFound: 'This developer could not be found',
    failed: 'The profile could not be loaded.',
    avatarAlt: 'Avatar of {{name}}',
  },
  join: {
    title: 'Become a developer',
    intro:
      'Developers publish applications in this store. Registration is by staking: you lock a deposit with your wallet, and the store issues you a developer passport.',
    terms: 'Terms',
    term1:
      'The stake stays locked while you are a developer; you can ask to withdraw it, and it is returned after the waiting period.',
    term2:
      'Applications you publish are reviewed; the store admins may block an application that breaks the rules, and may keep the stake for serious abuse.',
    term3: 'Your DID and name are shown on your applications and your public profile.',
    accept: 'I accept these terms',
    stake: 'Stake and join',
    already: 'You are already a developer.',
    unavailable:
      'Staking is not available on this store yet: ask the store admin for a developer invitation.',
  },
};
