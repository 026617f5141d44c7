/** Strings of the app shell: layout, error pages and the error boundary. */
export const appEn = {
  name: 'Payshelf',
  skipToContent: 'Skip to main content',
  errors: {
    home: 'Home',
    backHome: 'Back to home',
    refresh: 'Refresh',
    code: 'Error {{code}}',
    http400: {
      title: 'Request error',
      description: 'The request could not be understood. Check the address or the link you followed.',
    },
    http403: {
      title: 'Not authorized',
      description: 'You do not have permission to view this page. Sign in with an account that has access.',
    },
    http404: {
      title: 'Page not found',
      description: 'The page you are looking for does not exist or has moved.',
    },
    http500: {
      title: 'Something went wrong',
      description: 'The server could not complete the request. Please try again in a moment.',
    },
    boundary: {
      title: 'Something went wrong...',
      description: 'This page hit an unexpected problem. Refresh to try again, or go back to the home page.',
    },
  },
};
