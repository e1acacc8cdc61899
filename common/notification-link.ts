// The page a notification opens (spec §3 Notification: navigable only for the church and these
// type codes). One rule for the member's list on /user and the push the service worker shows.

/** The site path a notice of this type opens, or null when it opens nothing. */
export function notificationPath(typeCode: string, relatedId: string | null): string | null {
  const id = relatedId ? encodeURIComponent(relatedId) : null;
  switch (typeCode) {
    case 'CULTO':
      return '/live';
    case 'EVENTO':
      return id ? `/event/${id}` : '/event';
    case 'EBD':
      return id ? `/ebds/${id}` : '/ebds';
    case 'NOTICIA':
      return id ? `/news/${id}` : '/news';
    case 'DEVOCIONAL':
      return id ? `/devotionals/${id}` : '/devotionals';
    // Groups (contract/groups.ts GROUP_NOTIFICATION_TYPES): a request opens the leader's list, an answer the group.
    case 'CELULA_SOLICITACAO':
      return id ? `/groups/${id}/requests` : '/groups';
    case 'CELULA_RESPOSTA':
    case 'CELULA_ENCONTRO':
      return id ? `/groups/${id}` : '/groups';
    default:
      return null;
  }
}
