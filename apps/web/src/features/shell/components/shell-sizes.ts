/** The shell's sizes live with the layout components, where screens may read them too. */
export { menuWidth, topBarHeight } from '../../../components/layout/shell-sizes.ts';
