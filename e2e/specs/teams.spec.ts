import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { fixtureImage } from '@reframe/fixtures';
import { createVerifiedUser, newUser } from '../support/accounts';
import { isVerificationMail, linkIn, newestMailTo } from '../support/mailbox';

const coffee = fixtureImage('coffee.png');
/** A row of the members table: the table on wide screens, the list on phones (one is hidden). */
const visibleMember = '[data-testid=team-member]:visible';

/** WCAG 2.1 A and AA rules on the page as it stands. */
async function expectNoA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.nodes.length} node(s)`),
  ).toEqual([]);
}

/** Buys Expert through the test checkout: the balance is topped up to 175. */
async function buyExpert(page: Page) {
  await page.getByRole('link', { name: 'Billing', exact: true }).click();
  await page.getByRole('listitem', { name: 'Expert' }).getByRole('button').click();
  await page.getByRole('button', { name: 'Proceed to Payment - $20/month' }).click();
  await page.getByRole('button', { name: 'Pay $20' }).click();
  await expect(page).toHaveURL(/\/app\/billing\?success=true&plan=expert$/);
  await expect(page.getByTestId('Remaining credits')).toHaveText('175');
}

/** Uploads the coffee photo and processes the one ratio selected by default (1:1). */
async function runOneRatio(page: Page) {
  await page.goto('/app');
  await page.locator('input[type=file]').setInputFiles(coffee);
  await expect(page.getByTestId('original-ratio')).toHaveText('1.50:1');
  const process = page.getByTestId('process-button');
  await expect(process).toHaveText('Process Image(s) (1 ratio(s))');
  await process.click();
  await expect(page.getByTestId('result')).toHaveCount(1, { timeout: 90_000 });
}

// Issue 26's "Done when", on SQLite (project chromium) and on PostgreSQL (chromium-postgres).
test.describe('teams on the Expert plan', () => {
  test.setTimeout(300_000);

  test('an owner invites a colleague who joins, spends the pool and is removed', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    await createVerifiedUser(page, request, { name: 'Olivia Owner' });
    await buyExpert(page);

    // 1. The owner invites the colleague from /app/team.
    await page.getByRole('link', { name: 'Team' }).click();
    await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
    await expect(page.getByTestId('team-name')).toHaveText("Olivia Owner's team");
    await expect(page.getByTestId('team-seats')).toHaveText('1 of 5 seats used');
    const colleague = newUser({ name: 'Carl Colleague' });
    await page.getByLabel('Email', { exact: true }).fill(colleague.email);
    await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Member' });
    await page.getByRole('button', { name: 'Send Invite' }).click();
    await expect(page.getByText(`Invitation sent to ${colleague.email}`)).toBeVisible();
    await expect(page.getByTestId('team-invite')).toContainText(colleague.email);
    await expect(page.getByTestId('team-seats')).toHaveText('2 of 5 seats used');

    // 2. The colleague opens the mail's link signed out, signs up with the invited address,
    // verifies, comes back to the invitation and joins.
    const invitation = await newestMailTo(request, colleague.email, (mail) =>
      mail.subject.includes("Olivia Owner's team"),
    );
    expect(invitation.subject).toBe("You're invited to join Olivia Owner's team on Reframe");
    const context = await browser.newContext({ baseURL });
    const other = await context.newPage();
    await other.goto(linkIn(invitation, '/team/join'));
    await expect(other.getByRole('heading', { name: 'Join a team' })).toBeVisible();
    // Sign-up from the invitation starts with the invited address filled in (issue 41).
    await other.getByRole('link', { name: 'Create an Account' }).click();
    await expect(other.getByLabel('Email')).toHaveValue(colleague.email);
    await other.getByLabel('Full name').fill(colleague.name);
    await other.getByLabel('Password', { exact: true }).fill(colleague.password);
    await other.getByLabel('Confirm password').fill(colleague.password);
    await other.getByLabel(/I agree to the Terms/).check();
    await other.getByRole('button', { name: 'Sign Up' }).click();
    await expect(other).toHaveURL(/\/verify-email$/);
    // The link is opened in another tab; back on this one, they are on the invitation.
    const verification = await newestMailTo(request, colleague.email, isVerificationMail);
    const mailTab = await context.newPage();
    await mailTab.goto(linkIn(verification, '/__/auth/action'));
    await expect(mailTab.getByRole('heading', { name: 'Email Verified!' })).toBeVisible();
    await expect(mailTab.getByRole('link', { name: 'Back to the Invitation' })).toBeVisible();
    await mailTab.close();
    await other.reload();
    await expect(other.getByTestId('invited-team')).toHaveText("Olivia Owner's team");
    await expect(other.getByTestId('invited-role')).toHaveText('Your role: Member');
    await other.getByRole('button', { name: 'Join Team' }).click();
    await expect(other).toHaveURL(/\/app\/team$/);
    await expect(other.getByTestId('team-name')).toHaveText("Olivia Owner's team");

    // 3. One ratio: the pool (the owner's balance) goes 175 -> 174, the colleague's own stays 5.
    await other.goto('/app');
    await expect(other.getByTestId('credits-left')).toHaveText(
      "175 credits left in Olivia Owner's team pool",
    );
    await expect(other.getByText('Team credits')).toBeVisible();
    // Bulk follows whoever pays (issue 40): on the pool's Expert, the colleague (on Free) may
    // drop several photos.
    await expect(other.getByText('Drop up to 20 photos here, or click to select')).toBeVisible();
    await expect(other.locator('input[type=file]')).toHaveAttribute('multiple', '');
    await runOneRatio(other);
    await expect(other.getByTestId('credits-left')).toHaveText(
      "174 credits left in Olivia Owner's team pool",
    );
    await other.goto('/app/billing');
    await expect(other.getByTestId('Remaining credits')).toHaveText('5');
    await expect(other.getByTestId('Team pool')).toHaveText('174');
    await page.goto('/app/billing');
    await expect(page.getByTestId('Remaining credits')).toHaveText('174');

    // 4. The owner sees the colleague's run in History, "by Carl Colleague".
    await page.goto('/app/history');
    await expect(page.getByTestId('history-card')).toHaveCount(1);
    await expect(page.getByTestId('made-by')).toHaveText('by Carl Colleague');
    // Only its maker deletes a run: the owner has no Delete on a teammate's run.
    await expect(
      page.getByTestId('history-card').getByRole('button', { name: /delete/i }),
    ).toHaveCount(0);
    await page.goto('/app/team');
    const member = page.locator(visibleMember).filter({ hasText: colleague.email });
    await expect(member.getByTestId('credits-used')).toHaveText('1');
    await expect(page.getByTestId('team-invite')).toHaveCount(0);
    await expectNoA11yViolations(page);

    // 5. The owner removes the colleague; their next run spends their own credit, and the
    // team's history is gone for them.
    await page.getByRole('button', { name: 'Remove Carl Colleague from the team' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove Carl Colleague?' });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(page.locator(visibleMember)).toHaveCount(1);
    await expect(page.getByTestId('team-seats')).toHaveText('1 of 5 seats used');

    await other.goto('/app/history');
    await expect(other.getByRole('heading', { name: 'No history yet' })).toBeVisible();
    await runOneRatio(other);
    await expect(other.getByTestId('credits-left')).toHaveText('4 credits left');
    await other.goto('/app/history');
    await expect(other.getByTestId('history-card')).toHaveCount(1);
    await expect(other.getByTestId('made-by')).toHaveCount(0);
    await other.goto('/app/team');
    await expect(other.getByText('Team collaboration is part of the Expert plan.')).toBeVisible();

    await page.goto('/app/billing');
    await expect(page.getByTestId('Remaining credits')).toHaveText('174');
    await page.goto('/app/history');
    await expect(page.getByTestId('made-by')).toHaveText('by Carl Colleague');
    // Only its maker deletes a run: the owner has no Delete on a teammate's run.
    await expect(
      page.getByTestId('history-card').getByRole('button', { name: /delete/i }),
    ).toHaveCount(0);
    await context.close();
  });
});
