import type { storeConnectEn } from './connect-en';

export const storeConnectZh: typeof storeConnectEn = {
  session: {
    codeLabel: '连接代码',
    codeHelp: '批准前请确认终端显示的代码与此相同。',
    expires: '此请求将于 {{time}} 过期。',
    approve: '用钱包批准',
    dialogTitle: '用您的钱包批准',
    approvedTitle: '已连接',
    approvedText: '访问令牌已加密发送给命令行工具，只有它能读取。您可以关闭此页面。',
    loading: '正在加载请求…',
    errorInvalid: '此连接请求无效或已过期。请重新运行 connect 命令。',
    errorConnection: '连接失败。请检查网络并重新加载此页面。',
    errorNoNft: '您的账户没有本商店的开发者通行证（开发者 NFT），无法连接命令行工具。',
    retry: '重新加载',
    joinLink: '成为开发者',
  },
  connectCli: {
    title: '连接命令行工具',
    intro:
      '商店命令行工具请求一个访问令牌，以便以您的身份发布应用。只批准您自己用 payshelf-store connect 发起的请求。',
    emptyTitle: '没有连接请求',
    emptyDescription:
      '在终端运行 payshelf-store connect --store <本商店>，它会打开此页面并带上待您批准的请求。',
  },
  connectStudio: {
    title: '连接开发工作室',
    intro:
      '开发工作室或其他开发工具请求一个访问令牌，以便以您的身份发布应用，交付方式与命令行工具相同（加密传递）。',
    emptyTitle: '没有工作室连接请求',
    emptyDescription: '请从工作室发起连接，它会打开此页面并带上待您批准的请求。',
  },
  genKeyPair: {
    title: '为新应用生成密钥对',
    intro:
      '商店中的每个应用都由一个 DID 标识。在此生成密钥对，把 DID 填入 blocklet.json 的 "did"，并妥善保管私钥：它证明应用属于您。密钥在此浏览器中生成，不会发送到商店；只发送公钥以计算 DID。',
    generate: '生成密钥对',
    again: '再生成一个',
    did: '应用 DID',
    publicKey: '公钥',
    secretKey: '私钥',
    secretWarning: '只显示一次：请立即复制或下载。任何拥有私钥的人都能以此应用的身份签名。',
    copy: '复制',
    copied: '已复制',
    download: '下载密钥文件',
    unsupported: '此浏览器无法生成 Ed25519 密钥。请使用最新版的 Chrome、Edge、Firefox 或 Safari。',
    failed: '无法生成密钥对：{{message}}',
  },
  profile: {
    title: '开发者主页',
    apps: '已发布的应用',
    noApps: '还没有已发布的应用',
    noAppsText: '该开发者发布并通过审核的公开应用会列在这里。',
    downloads: '{{count}} 次下载',
    notFound: '找不到该开发者',
    failed: '无法加载主页。',
    avatarAlt: '{{name}} 的头像',
  },
  join: {
    title: '成为开发者',
    intro: '开发者可以在本商店发布应用。注册方式为质押：用钱包锁定一笔押金，商店会向您颁发开发者通行证。',
    terms: '条款',
    term1: '作为开发者期间押金保持锁定；您可以申请取回，等待期结束后退还。',
    term2: '您发布的应用需要审核；违反规则的应用可能被商店管理员封禁，严重滥用时押金可能被罚没。',
    term3: '您的 DID 和名称会显示在您的应用和公开主页上。',
    accept: '我接受这些条款',
    stake: '质押并加入',
    already: '您已经是开发者。',
    unavailable: '本商店暂不支持质押：请向商店管理员申请开发者邀请。',
  },
};
