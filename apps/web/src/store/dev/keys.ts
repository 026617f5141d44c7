/** react-query keys of the developer and console pages. */
export const developerBlockletsKey = ['store', 'developer', 'blocklets'] as const;
export const accessTokensKey = ['store', 'developer', 'access-tokens'] as const;
export const consoleBlockletsKey = ['store', 'console', 'blocklets'] as const;
export const categoriesKey = ['store', 'console', 'categories'] as const;
