import { createPredictionBodySchema, type DebugResponse } from '@reframe/shared';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod';
import { currentUser, requireVerifiedUser } from '../../auth/guards';
import { AppError } from '../../platform/http/app-error';
import { parseInput } from '../../platform/http/parse';
import type { PredictionsService } from './predictions.service';

const pollQuerySchema = z.object({
  endpoint: z.string().regex(/^predictions\/[A-Za-z0-9-]{1,64}$/),
});

/** The brief's AI proxy path, now answered by our own jobs in Replicate's resource shape. */
export function predictionsRoutes(deps: { predictionsService: PredictionsService }) {
  const { predictionsService } = deps;
  return function predictions(app: FastifyInstance) {
    app.post('/api/replicate', { preHandler: requireVerifiedUser }, async (request, reply) => {
      const body = parseInput(createPredictionBodySchema, request.body);
      const prediction = await predictionsService.create(currentUser(request).id, body.data.input);
      return reply.status(202).send(prediction);
    });

    app.get('/api/replicate', { preHandler: requireVerifiedUser }, async (request) => {
      const { endpoint } = parseInput(pollQuerySchema, request.query);
      const id = endpoint.slice('predictions/'.length);
      return predictionsService.get(currentUser(request).id, id);
    });

    /** Validates a prediction request and shows its canvas, charging and creating nothing. */
    app.post('/api/debug', { preHandler: requireVerifiedUser }, async (request, reply) => {
      const parsed = createPredictionBodySchema.safeParse(request.body);
      if (!parsed.success) {
        return reply.status(400).send({ error: z.prettifyError(parsed.error) });
      }
      try {
        const { canvas } = await predictionsService.planCanvas(
          currentUser(request).id,
          parsed.data.data.input,
        );
        const response: DebugResponse = {
          ok: true,
          canvas: { width: canvas.outputWidth, height: canvas.outputHeight },
        };
        return response;
      } catch (error) {
        if (error instanceof AppError) {
          return reply.status(error.status).send({ error: error.message });
        }
        throw error;
      }
    });
  };
}
