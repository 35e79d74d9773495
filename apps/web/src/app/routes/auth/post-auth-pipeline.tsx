import { PostAuthPipelinePage } from '../../../features/auth/components/post-auth-pipeline-page.tsx';

export default PostAuthPipelinePage;
