// The settings module's public face: other payment modules import only from here.
export { serializeSetting } from './service.js';
export {
  assertDonationEnabled,
  listDonationSettings,
  lookupDonationSetting,
  updateDonationSetting,
} from './donation.js';
