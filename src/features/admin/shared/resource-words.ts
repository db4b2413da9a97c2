// The admin's words for a resource (publicação, obituário, vaga), from its noun: docs/product.md §2 and §20 word every
// list and form the same way, and Portuguese only asks for the noun's gender to agree the articles.

/** What the newsroom calls a resource's rows. */
export interface ResourceNoun {
  singular: string;
  plural: string;
  feminine: boolean;
}

function capitalized(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** The list's words: the new-item link, the empty table's line and docs/product.md §20's failure messages. */
export function listWords({ singular, plural, feminine }: ResourceNoun) {
  return {
    newItem: `${feminine ? 'Nova' : 'Novo'} ${capitalized(singular)}`,
    emptyText: `${feminine ? 'Nenhuma' : 'Nenhum'} ${singular} ${feminine ? 'cadastrada' : 'cadastrado'}`,
    loadFailure: `Erro ao carregar ${feminine ? 'as' : 'os'} ${plural}.`,
    toggleFailure: `Erro ao alterar o status ${feminine ? 'da' : 'do'} ${singular}.`,
    deleteFailure: `Erro ao excluir ${singular}.`,
    deleteConfirmation: `Tem certeza que deseja excluir ${feminine ? 'esta' : 'este'} ${singular}?`,
  };
}

/** The form's words: its titles and docs/product.md §20's failure messages. */
export function formWords({ singular, feminine }: ResourceNoun) {
  return {
    create: `${feminine ? 'Nova' : 'Novo'} ${capitalized(singular)}`,
    edit: `Editar ${capitalized(singular)}`,
    loadFailure: `Erro ao carregar ${feminine ? 'a' : 'o'} ${singular}.`,
    saveFailure: `Erro ao salvar ${singular}`,
  };
}
