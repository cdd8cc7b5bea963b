import { createWorkerLocal, problems, workers } from 'worker-api-kit/fixtures'

workers.running.worker.status // 'running'
createWorkerLocal.worker.destination // 'local'
problems.validation.errors[0].pointer // '/body/name'
