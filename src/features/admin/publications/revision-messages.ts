import { ServiceError } from '../../../services/errors';

/** The database's revision refusals (docs/decisions/0038) in the newsroom's words; null for any other failure. */
export function revisionFailureMessage(error: unknown): string | null {
  if (!(error instanceof ServiceError)) return null;
  switch (error.code) {
    case 'revision_required':
      return 'Esta notícia já foi publicada: para mudar o título, a descrição ou o conteúdo, escolha “Correção” ou “Edição menor” e salve de novo.';
    case 'correction_not_live':
      return 'Só uma notícia publicada (não agendada nem rascunho) pode receber uma correção.';
    case 'correction_date':
      return 'A data da correção deve ficar entre a publicação da notícia e agora.';
    case 'corrections_limit':
      return 'Esta notícia já tem 50 correções, o máximo.';
    default:
      return null;
  }
}
