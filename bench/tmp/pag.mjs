const { benchPaginators } = await import('../dist/run.js').catch(() => ({}));
