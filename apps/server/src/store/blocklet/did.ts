import { fromPublicKey } from '@arcblock/did';
import { types } from '@ocap/mcrypto';

/**
 * A blocklet DID derived from its name, as the Blocklet ecosystem derives one for an application that
 * has no key pair of its own: the ABT DID (role "any", Ed25519, SHA3) whose "public key" is the UTF-8
 * bytes of the trimmed name. Blocklet Server checks `did` against this when the DID is not a
 * blocklet-role DID.
 */
export function blockletDidFromName(name: string): string {
  const pk = `0x${Buffer.from(name.trim(), 'utf8').toString('hex')}`;
  return fromPublicKey(pk, { role: types.RoleType.ROLE_ANY });
}
