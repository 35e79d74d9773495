import { NotFoundPage } from '../../components/errors/not-found-page.tsx';

export default NotFoundPage;
