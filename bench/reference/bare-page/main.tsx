// The bare page `npm run bench:web` measures beside the panel: only React, MUI with the panel's
// dark theme and ten text fields, no data, no router, no catalogues. The panel's scores are judged
// as a ratio to this page's, measured in the same run on the same host, so the host's speed cancels
// out (docs/performance.md, "Mobile budget").
import {
  Container,
  CssBaseline,
  TextField,
  ThemeProvider,
  Typography,
  createTheme,
} from '@mui/material';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

const theme = createTheme({ palette: { mode: 'dark' } });
const fields = Array.from({ length: 10 }, (_, i) => `Campo ${i + 1}`);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <Container component="main" maxWidth="sm" sx={{ py: 3 }}>
        <Typography variant="h5" component="h1" gutterBottom>
          Página de referência
        </Typography>
        {fields.map((label) => (
          <TextField key={label} label={label} fullWidth margin="dense" />
        ))}
      </Container>
    </ThemeProvider>
  </StrictMode>,
);
