import { useTranslation } from 'react-i18next';

/** Translated names of passport roles (and guest); unknown roles show as they are. */
export function useRoleLabel(): (role: string) => string {
  const { t } = useTranslation();
  return (role: string) => {
    switch (role) {
      case 'owner':
        return t('auth.members.roles.owner');
      case 'admin':
        return t('auth.members.roles.admin');
      case 'member':
        return t('auth.members.roles.member');
      case 'developer':
        return t('auth.members.roles.developer');
      case 'guest':
        return t('auth.members.roles.guest');
      default:
        return role;
    }
  };
}
