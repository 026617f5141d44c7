import { storeDevZh } from './dev-zh';

import type { storeEn } from './en';
import { browseZh } from './browse.zh';

export const storeZh: typeof storeEn = {
  list: {
    title: '应用',
    searchSubtitle: '“{{query}}”的搜索结果',
    searchSubtitleEmpty: '搜索应用商店',
    categorySubtitle: '分类：{{category}}',
    emptyTitle: '暂无应用',
    emptyDescription: '开发者发布并通过审核的应用会显示在这里。',
    noMatchTitle: '没有匹配的应用',
    noMatchDescription: '换个关键词试试，或浏览全部应用。',
    emptyCategoryTitle: '此分类下暂无应用',
    emptyCategoryDescription: '加入此分类的应用会显示在这里。',
    browseAll: '浏览全部应用',
  },
  detail: {
    title: '应用',
    notFoundTitle: '找不到此应用',
    notFoundDescription: '它可能已被删除或设为私有，也可能是链接有误。',
    back: '返回应用列表',
  },
  profile: {
    title: '个人资料',
    emptyTitle: '暂无购买记录',
    emptyDescription: '您购买的应用和开发者信息会显示在这里。',
  },
  connectCli: {
    title: '连接命令行工具',
    emptyTitle: '没有连接请求',
    emptyDescription: '运行应用商店命令行工具的连接命令，它会打开此页面并附上待您批准的请求。',
  },
  genKeyPair: {
    title: '生成密钥对',
    emptyTitle: '暂无密钥对',
    emptyDescription: '从命令行上传应用时，密钥对用于确认您的开发者身份。',
  },
  connectStudio: {
    title: '连接工作室',
    emptyTitle: '没有工作室连接请求',
    emptyDescription: '从工作室打开此页面，即可将其关联到您的开发者账号。',
  },
  join: {
    title: '成为开发者',
    emptyTitle: '通过质押注册开发者',
    emptyDescription: '使用钱包质押代币即可注册为开发者并发布应用。',
  },
  developerBlocklets: {
    title: '我的应用',
    emptyTitle: '您还没有发布任何应用',
    emptyDescription: '使用命令行工具上传应用后，它会显示在这里。',
  },
  accessTokens: {
    title: '访问令牌',
    emptyTitle: '暂无访问令牌',
    emptyDescription: '访问令牌允许命令行工具代表您上传应用。',
  },
  consoleBlocklets: {
    title: '管理应用',
    emptyTitle: '暂无需要管理的应用',
    emptyDescription: '提交到应用商店的应用会显示在这里，供审核、封禁和解封。',
  },
  consoleCategories: {
    title: '分类',
    emptyTitle: '暂无分类',
    emptyDescription: '分类用于对商店中的应用分组，每个分类都有英文和中文名称。',
  },
  /** Developer pages and the console (own file: dev-zh.ts). */
  dev: storeDevZh,
  browse: browseZh,
};
