import Check from '@mui/icons-material/Check';
import TranslateOutlined from '@mui/icons-material/TranslateOutlined';
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LOCALES } from '../../platform/locale/locale';
import { useLocale } from '../../platform/locale/useLocale';

/** Icon-only language menu; useLocale persists the choice and keeps `?locale=` in step. */
export function LocaleSelector() {
  const { t } = useTranslation();
  const { locale, setLocale } = useLocale();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const label = t('header.locale.select', { language: t(`platform.locale.names.${locale}`) });
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          data-testid="locale-selector"
          aria-label={label}
          aria-haspopup="menu"
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <TranslateOutlined />
        </IconButton>
      </Tooltip>
      <Menu open={anchor !== null} anchorEl={anchor} onClose={() => setAnchor(null)}>
        {SUPPORTED_LOCALES.map((option) => (
          <MenuItem
            key={option}
            lang={option}
            data-testid={`locale-option-${option}`}
            selected={option === locale}
            onClick={() => {
              setAnchor(null);
              setLocale(option);
            }}
          >
            <ListItemIcon>{option === locale ? <Check fontSize="small" /> : null}</ListItemIcon>
            <ListItemText primary={t(`platform.locale.names.${option}`)} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
