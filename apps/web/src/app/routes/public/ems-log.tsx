import { DeviceUnitsPage } from '../../../features/device-units/components/device-units-page.tsx';

export default DeviceUnitsPage;
