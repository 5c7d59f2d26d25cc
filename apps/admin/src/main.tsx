import { createRoot } from 'react-dom/client';
import './i18n';
import './styles.css';
import { ConsoleApp } from './app';

createRoot(document.getElementById('root')!).render(<ConsoleApp />);
