import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import type { Config } from './config.ts';
import { startHealthListener } from './http/health-listener.ts';
import type { HealthListener } from './http/health-listener.ts';
import { appSecurityHeaders } from './http/security.ts';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp(config);
  // Durable jobs (decision 022): this instance runs its share of them, and of the schedules.
  app.jobs.start();

  let health: HealthListener | null = null;
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Give in-flight requests a moment, but never hang a deploy.
    setTimeout(() => process.exit(1), 10_000).unref();
    Promise.all([app.close(), health?.close()]).then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  app.log.info(`TaxBack is running at http://${shownHost}:${config.port}`);
  if (config.healthPort > 0) {
    health = await startHealth(app, config);
    app.log.info(`liveness and readiness also answer on port ${health.port}, on a thread of their own`);
  }
}

/** Decision 046: liveness and readiness on HEALTH_PORT, answered by a thread of their own. */
function startHealth(app: Awaited<ReturnType<typeof buildApp>>, config: Config): Promise<HealthListener> {
  return startHealthListener({
    port: config.healthPort,
    host: config.host,
    databaseUrl: config.databaseUrl,
    readyTimeoutMs: config.database.readyTimeoutMs,
    backlogLimit: config.jobs.backlogLimit,
    apiHeaders: appSecurityHeaders().api,
    pools: () => ({ requests: app.database.pool.stats(), jobs: app.database.jobsPool.stats() }),
    alerts: app.jobs.backlogAlerts,
    onError: (error) => app.log.error({ err: error }, 'the health thread failed'),
  });
}

main().catch((error: unknown) => {
  console.error('Failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
