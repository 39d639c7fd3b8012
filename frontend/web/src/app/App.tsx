import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { ThemeProvider } from '../shared/theme/theme';
import { ToastProvider } from '../shared/toast/toast';
import { router } from './router';
import { store } from './store';

export function App() {
  return (
    <Provider store={store}>
      <ThemeProvider>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </ThemeProvider>
    </Provider>
  );
}
