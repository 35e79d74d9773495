import { createTheme } from '@mui/material/styles';

/** Auscura's clinical teal, with focus rings that stay visible on every control (keyboard users). */
export const theme = createTheme({
  palette: {
    primary: { main: '#0b5c6b', contrastText: '#ffffff' },
    secondary: { main: '#5b4bb7' },
    background: { default: '#f6f8f9', paper: '#ffffff' },
    text: { primary: '#17242a', secondary: '#4b5a61' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: "Inter, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
    h3: { fontWeight: 700, fontSize: '2.25rem' },
    h4: { fontWeight: 700, fontSize: '1.75rem' },
    h5: { fontWeight: 600, fontSize: '1.25rem' },
    h6: { fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        ':focus-visible': { outline: '3px solid #f2a900', outlineOffset: 2 },
      },
    },
    // ButtonBase resets `outline`, so the global rule above does not reach buttons; give them the same ring.
    MuiButtonBase: {
      styleOverrides: { root: { '&.Mui-focusVisible': { outline: '3px solid #f2a900', outlineOffset: 2 } } },
    },
    MuiListItemButton: { styleOverrides: { root: { borderRadius: 8, marginBottom: 2 } } },
    MuiListItemIcon: { styleOverrides: { root: { minWidth: 40 } } },
    MuiTableCell: { styleOverrides: { head: { fontWeight: 600, color: '#4b5a61' } } },
  },
});
