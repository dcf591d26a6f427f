import postgres from 'postgres';

/**
 * What the product offers NO operator path for, made by hand with plain SQL, as an operator would today (README:
 * The production rehearsal). Everything else in the rehearsal is made the way an operator or a person makes it:
 * sign-ups through the API and the screens, identity providers with `npm run idp -- set`.
 *
 * - the organisations themselves, each with one channel (no call creates an organisation without a staff user, and
 *   no call makes a staff user);
 * - that one organisation enforces two-factor (no call sets `enforces_two_factor`), and that a person signed up
 *   through the API belongs to it (no call adds an organisation member);
 * - the employee records a company lets sign up by company id (no call imports them).
 */
export const REHEARSAL_ORGANISATIONS = {
  okta: { subdomain: 'oktarehearsal', name: 'Okta Rehearsal' },
  azure: { subdomain: 'azurerehearsal', name: 'Azure Rehearsal' },
  enforcing: { subdomain: 'secureco', name: 'Secure Co' },
  company: { subdomain: 'paperco', name: 'Paper Co' },
} as const;

/** The employee the company-id journey signs up as. */
export const REHEARSAL_EMPLOYEE = { firstName: 'Klara', lastName: 'Kaufmann', companyId: 'PC-1001' } as const;

/** Organisation role ids (spec 3): 8 is a team member. */
const TEAM_MEMBER = 8;

export async function seedByHand(
  databaseUrl: string,
  { enforcedMemberEmail }: { enforcedMemberEmail: string },
): Promise<void> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await sql.begin(async (tx) => {
      for (const [key, { subdomain, name }] of Object.entries(REHEARSAL_ORGANISATIONS)) {
        const [organisation] = await tx`
          insert into organisations (name, subdomain, enforces_two_factor)
          values (${name}, ${subdomain}, ${key === 'enforcing'})
          returning id`;
        await tx`
          insert into channels (organisation_id, name, subdomain)
          values (${organisation?.id}, ${`${name} News`}, 'news')`;
      }
      await tx`
        insert into memberships (user_id, organisation_id, role_id)
        select u.id, o.id, ${TEAM_MEMBER} from users u, organisations o
        where lower(u.email) = lower(${enforcedMemberEmail})
          and o.subdomain = ${REHEARSAL_ORGANISATIONS.enforcing.subdomain}`;
      await tx`
        insert into company_employees (organisation_id, first_name, last_name, company_id)
        select id, ${REHEARSAL_EMPLOYEE.firstName}, ${REHEARSAL_EMPLOYEE.lastName}, ${REHEARSAL_EMPLOYEE.companyId}
        from organisations where subdomain = ${REHEARSAL_ORGANISATIONS.company.subdomain}`;
    });
  } finally {
    await sql.end();
  }
}
