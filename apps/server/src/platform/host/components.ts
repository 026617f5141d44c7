import type { Config } from '../../core/config.js';

export interface ComponentMount {
  did: string;
  name: 'payment' | 'store';
  title: string;
  mountPoint: string;
}

/** Stable component identifiers; clients look parts up by these, so they never change between installs. */
export const PAYMENT_COMPONENT_DID = 'z2qaCNvKMv5GjouKdcDWexv6WqtHbpNPQDnAk';
export const STORE_COMPONENT_DID = 'z8ia29UsENBg6tLZUKi2HABj38Cw1LmHZocbQ';

export function componentMounts(config: Config): ComponentMount[] {
  return [
    { did: STORE_COMPONENT_DID, name: 'store', title: 'Store', mountPoint: config.STORE_MOUNT_POINT },
    { did: PAYMENT_COMPONENT_DID, name: 'payment', title: 'Payment', mountPoint: config.PAYMENT_MOUNT_POINT },
  ];
}
