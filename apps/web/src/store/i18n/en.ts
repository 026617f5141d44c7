import { storeDevEn } from './dev-en';
import { browseEn } from './browse.en';

/** Strings of the application store pages. */
export const storeEn = {
  list: {
    title: 'Applications',
    searchSubtitle: 'Search results for “{{query}}”',
    searchSubtitleEmpty: 'Search the store',
    categorySubtitle: 'Category: {{category}}',
    emptyTitle: 'No applications yet',
    emptyDescription: 'Applications that developers publish and that pass review will appear here.',
    noMatchTitle: 'No matching applications',
    noMatchDescription: 'Try other words, or browse all applications.',
    emptyCategoryTitle: 'No applications in this category',
    emptyCategoryDescription: 'Applications added to this category will appear here.',
    browseAll: 'Browse all applications',
  },
  detail: {
    title: 'Application',
    notFoundTitle: 'This application could not be found',
    notFoundDescription: 'It may have been removed or made private, or the link may be wrong.',
    back: 'Back to applications',
  },
  profile: {
    title: 'Profile',
    emptyTitle: 'No purchases yet',
    emptyDescription: 'Applications you buy and your developer details will be listed here.',
  },
  connectCli: {
    title: 'Connect the command-line tool',
    emptyTitle: 'No connection request',
    emptyDescription:
      'Run the connect command of the store command-line tool. It opens this page with a request for you to approve.',
  },
  genKeyPair: {
    title: 'Generate a key pair',
    emptyTitle: 'No key pair yet',
    emptyDescription:
      'A key pair identifies you as a developer when you upload applications from the command line.',
  },
  connectStudio: {
    title: 'Connect the studio',
    emptyTitle: 'No studio connection request',
    emptyDescription: 'Open this page from the studio to link it to your developer account.',
  },
  join: {
    title: 'Become a developer',
    emptyTitle: 'Developer registration is by staking',
    emptyDescription: 'Stake tokens with your wallet to register as a developer and publish applications.',
  },
  developerBlocklets: {
    title: 'My applications',
    emptyTitle: 'You have not published any applications',
    emptyDescription: 'Upload an application with the command-line tool and it will appear here.',
  },
  accessTokens: {
    title: 'Access tokens',
    emptyTitle: 'No access tokens',
    emptyDescription: 'Access tokens let the command-line tool upload applications on your behalf.',
  },
  consoleBlocklets: {
    title: 'Manage applications',
    emptyTitle: 'No applications to manage',
    emptyDescription:
      'Applications submitted to the store will appear here for review, blocking and unblocking.',
  },
  consoleCategories: {
    title: 'Categories',
    emptyTitle: 'No categories yet',
    emptyDescription: 'Categories group applications in the store, with an English and a Chinese name each.',
  },
  /** Developer pages and the console (own file: dev-en.ts). */
  dev: storeDevEn,
  browse: browseEn,
};
