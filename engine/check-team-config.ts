import type { SiteConfig } from '../schema/site-config.ts';
import type { Collector } from './collector.ts';
import { teamMessages } from './errors.ts';
import type { YamlSource } from './yaml-source.ts';

/**
 * site.config.yaml › team beyond its shape: each person (e-mail in any case) and each group once,
 * so that what someone may do is read from one entry, never from whichever comes first.
 */
export function checkTeamConfig(source: YamlSource, config: SiteConfig, collector: Collector) {
  const team = config.team;
  if (!team) return;
  const people = new Set<string>();
  team.people?.forEach((person, index) => {
    const email = person.email.toLowerCase();
    if (people.has(email))
      collector.add(
        source,
        teamMessages.personListedTwice(person.email),
        source.positionOf(['team', 'people', index, 'email']),
      );
    people.add(email);
  });
  const groups = new Set<string>();
  team.groups?.forEach((group, index) => {
    if (groups.has(group.group))
      collector.add(
        source,
        teamMessages.groupListedTwice(group.group),
        source.positionOf(['team', 'groups', index, 'group']),
      );
    groups.add(group.group);
  });
}
