import type { appEn } from './en';

export const appZh: typeof appEn = {
  name: 'Payshelf',
  skipToContent: '跳到主要内容',
  errors: {
    home: '首页',
    backHome: '返回首页',
    refresh: '刷新',
    code: '错误 {{code}}',
    http400: {
      title: '请求错误',
      description: '无法处理该请求，请检查地址或您点击的链接。',
    },
    http403: {
      title: '没有权限',
      description: '您没有权限查看此页面，请使用有访问权限的账号登录。',
    },
    http404: {
      title: '页面不存在',
      description: '您要找的页面不存在或已被移动。',
    },
    http500: {
      title: '出错了',
      description: '服务器无法完成该请求，请稍后再试。',
    },
    boundary: {
      title: '出错了...',
      description: '此页面遇到了意外问题。请刷新重试，或返回首页。',
    },
  },
};
