import { createFileRoute } from '@tanstack/react-router';
import { NewsScreen } from '../../features/home/components/news-screen';

export const Route = createFileRoute('/_auth/news')({
  component: NewsScreen,
});
