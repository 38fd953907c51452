export * from './runWorkflow';
export * from './nodeTypes';
export * from './credentialsHelper';
