import { LANGUAGES } from '@app/contract';
import { IconButton, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { FLAGS } from '../../components/flags/flags.tsx';

/** Three flags; the current language is pressed. The detector caches the choice (i18nextLng). */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage;
  return (
    <Stack direction="row" role="group" aria-label={t('language.label')} spacing={0.25}>
      {LANGUAGES.map((lng) => {
        const Flag = FLAGS[lng];
        const selected = lng === current;
        return (
          <IconButton
            key={lng}
            size="small"
            aria-label={t(`language.${lng}`)}
            aria-pressed={selected}
            lang={lng}
            onClick={() => void i18n.changeLanguage(lng)}
            sx={{
              borderRadius: 1,
              p: 0.5,
              opacity: selected ? 1 : 0.55,
              outline: selected ? '2px solid' : 'none',
              outlineColor: 'primary.light',
              '& svg': { display: 'block', borderRadius: '2px' },
            }}
          >
            <Flag />
          </IconButton>
        );
      })}
    </Stack>
  );
}
