/** The BFF's addresses that the identity provider must know (realm export, architecture §5). */
export function clientUrls(publicUrl: string) {
  return {
    redirectUri: `${publicUrl}/auth/callback`,
    postLogoutRedirectUri: `${publicUrl}/`,
    backchannelLogoutUri: `${publicUrl}/auth/backchannel-logout`,
  };
}
