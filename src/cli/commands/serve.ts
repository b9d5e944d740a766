export async function runServe(){}
