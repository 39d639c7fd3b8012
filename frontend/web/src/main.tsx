import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Blueprint's CSS once, at the root (not per chunk): every area shares it.
import 'normalize.css';
import '@blueprintjs/core/lib/css/blueprint.css';
import './app/app.css';
import { App } from './app/App';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
