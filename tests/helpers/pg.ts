export { ADMIN_PASSWORD, startCluster, type Cluster } from './pg-cluster.mjs';
