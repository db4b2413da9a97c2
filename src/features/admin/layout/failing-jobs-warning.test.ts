import { describe, expect, it } from 'vitest';
import { failingSentence } from './failing-jobs-warning';

describe("the panel's warning about failing jobs", () => {
  it('names one job, or several, in a sentence that agrees with them', () => {
    expect(failingSentence(['Retenção de dados pessoais'])).toBe('A tarefa “Retenção de dados pessoais” falhou duas vezes seguidas.');
    expect(failingSentence(['Cópia de segurança', 'Resumo diário da newsletter', 'Retenção de dados pessoais'])).toBe(
      'As tarefas “Cópia de segurança”, “Resumo diário da newsletter” e “Retenção de dados pessoais” falharam duas vezes seguidas.',
    );
  });
});
