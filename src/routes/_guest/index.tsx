import { createFileRoute } from '@tanstack/react-router';
import { Landing } from '../../components/layout/landing';

export const Route = createFileRoute('/_guest/')({ component: Landing });
