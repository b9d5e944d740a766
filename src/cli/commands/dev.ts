export async function runDev(){}
