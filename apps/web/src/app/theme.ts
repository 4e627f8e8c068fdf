import { createTheme } from '@mui/material/styles';

/** The panel's dark theme; system fonts only (strict CSP, no font downloads). */
export const theme = createTheme({
  palette: {
    mode: 'dark',
    primary: { main: '#42a5f5' },
    secondary: { main: '#66bb6a' },
    background: { default: '#0f1318', paper: '#171c22' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", sans-serif',
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
  },
});
