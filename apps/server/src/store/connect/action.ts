import { z } from 'zod';
import { ApiError } from '../../core/http/errors.js';
import { ConnectRefusal, type ConnectAction } from '../../platform/identity/index.js';
import { canPublish, type StoreContext } from '../context.js';
import { approveSession } from './sessions.js';

export const CONNECT_CLI_ACTION = 'connect-cli';

const REFUSALS = {
  signIn: {
    en: 'Sign in to the store with this wallet first',
    zh: '请先用此钱包登录商店',
  },
  noDeveloper: {
    en: 'This wallet holds no developer passport (developer NFT) for this store',
    zh: '此钱包没有本商店的开发者通行证（开发者 NFT）',
  },
  invalid: {
    en: 'This connect session is invalid or has expired; run payshelf-store connect again',
    zh: '该连接会话无效或已过期；请重新运行 payshelf-store connect',
  },
  used: { en: 'This connect session was already approved', zh: '该连接会话已被批准' },
} as const;

/**
 * `/api/did/connect-cli/…`: the developer approves a CLI's connect session with the wallet. The token
 * is issued to the wallet that approves (never to anyone the browser names), and only when it holds a
 * developer passport; the session must be pending and unexpired.
 */
export function connectCliAction(ctx: StoreContext): ConnectAction {
  return {
    name: CONNECT_CLI_ACTION,
    params: z.object({ session: z.string().max(128) }),
    claims: {
      profile: ({ extraParams }) => ({
        fields: ['fullName'],
        description:
          extraParams.locale === 'zh'
            ? '批准命令行工具以您的开发者身份上传应用'
            : 'Approve the command-line tool to upload applications as you',
      }),
    },
    async onAuth({ userDid, params, locale }) {
      const user = await ctx.userByDid(userDid);
      if (!user) throw new ConnectRefusal(REFUSALS.signIn[locale]);
      if (!canPublish(user)) throw new ConnectRefusal(REFUSALS.noDeveloper[locale]);
      try {
        const row = await approveSession(ctx.db, String(params.session), user);
        return { code: row.code };
      } catch (err) {
        if (err instanceof ApiError && err.code === 'session_used')
          throw new ConnectRefusal(REFUSALS.used[locale]);
        if (err instanceof ApiError) throw new ConnectRefusal(REFUSALS.invalid[locale]);
        throw err;
      }
    },
  };
}
