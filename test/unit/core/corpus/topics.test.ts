import * as assert from 'node:assert/strict';
import { createTopicAssigner, TopicsFileSchema, type TopicsFile } from '../../../../src/core/corpus/topics';
import { seedCorpus, topicsFile } from '../../support/seeds';

/**
 * What a researcher expects of each topic, checked by reading the assignments: papers
 * that must be in it, the ones among them whose main subject (first topic) it is, and
 * near misses that share a word with it but belong elsewhere. Titles are prefixes.
 */
interface TopicCase {
  id: string;
  members: string[];
  main: string[];
  nearMisses: string[];
}

const CASES: TopicCase[] = [
  {
    id: 'computer-use',
    members: ['OSWorld', 'Android in the Wild', 'UFO2: The Desktop AgentOS', 'Mobile-Agent-E', 'GUI-R1'],
    main: ['OSWorld', 'Mobile-Agent-E', 'GUI-R1'],
    // A web benchmark, a mobile robot, and "GUI" inside "Guiding" and "Guide".
    nearMisses: ['WebArena', 'Mobility VLA', 'Guiding Giants', 'Agentic Troubleshooting Guide'],
  },
  {
    id: 'web-agents',
    members: ['WebArena', 'WebLINX', 'AgentOccam', 'Explorer: Scaling Exploration-driven Web', 'Beyond Ten Turns'],
    main: ['WebArena', 'WebLINX'],
    // Desktop agents, a robot that plans its route, and "navigation" of an action space.
    nearMisses: ['OSWorld', 'Mobility VLA', 'RoboMatrix', 'ToolChain*'],
  },
  {
    id: 'tool-use',
    members: ['ToolAlpaca', 'Chain of Tools', 'LiveMCPBench', 'Facilitating Multi-turn Function Calling', 'OTC: Optimal Tool Calls'],
    main: ['ToolAlpaca', 'LiveMCPBench'],
    // Robots and RL agents that use physical tools.
    nearMisses: ['DexterityGen', 'Skills Made to Order', 'Open-Ended Learning Leads to Generally Capable Agents'],
  },
  {
    id: 'code-agents',
    members: ['Multi-SWE-bench', 'Program Synthesis with Large Language Models', 'The AI Scientist', 'MLGym', 'ReEx-SQL'],
    main: ['Multi-SWE-bench', 'The AI Scientist'],
    // Software suites and toolboxes for RL are not about writing code.
    nearMisses: ['SERL: A Software Suite', 'Towards a Reinforcement Learning Environment Toolbox'],
  },
  {
    id: 'multi-agent',
    members: ['HALO', 'Multi-Agent Software Development through Cross-Team', 'Training Language Models for Social Deduction', 'Learn to Follow', 'Generative agent-based modeling'],
    main: ['HALO', 'Learn to Follow'],
    // One agent that collaborates with a planner, one that learns from humans.
    nearMisses: ['EMAC+', 'Aligning Superhuman AI with Human Behavior'],
  },
  {
    id: 'agent-planning',
    members: ['ReAct: Synergizing', 'Tree-Planner', 'Task Memory Engine', 'Proactive Agent', 'AgentTuning', 'Can We Rely on LLM Agents to Draft Long-Horizon Plans'],
    main: ['ReAct: Synergizing', 'Task Memory Engine', 'Can We Rely on LLM Agents to Draft Long-Horizon Plans'],
    // Planning for robots and in videos, and "memory" in hardware.
    nearMisses: ['RoboMatrix', 'Masked Diffusion with Task-awareness for Procedure Planning', 'SambaNova SN40L'],
  },
  {
    id: 'embodied',
    members: ['JARVIS-1', 'Odyssey: Empowering Agents with Open-World Skills', 'Embodied Agent Interface', 'Agents Play Thousands of 3D Video Games', 'Vista: A Generalizable Driving World Model'],
    main: ['JARVIS-1', 'Odyssey: Empowering Agents with Open-World Skills'],
    // Navigation of websites and of an action space.
    nearMisses: ['WebLINX', 'ToolChain*'],
  },
  {
    id: 'vla',
    members: ['OpenVLA', 'CogACT', 'Towards Generalist Robot Policies', 'QUAR-VLA', 'SwitchVLA'],
    main: ['OpenVLA', 'CogACT', 'QUAR-VLA'],
    // "Action models" for computers and for tools, and a GUI "vision-language action model".
    nearMisses: ['Large Action Models', 'TACO: Learning Multi-modal Action Models', 'GUI-R1'],
  },
  {
    id: 'robot-learning',
    members: ['Yell At Your Robot', 'DexterityGen', 'Multi-Stage Cable Routing', 'Behavior Retrieval', 'RT-H: Action Hierarchies', 'Code as Policies'],
    main: ['DexterityGen', 'RT-H: Action Hierarchies', 'Yell At Your Robot'],
    // "Robot" inside a product name, "imitation" inside "Limitations", and a model that imitates GPT-4.
    nearMisses: ['FinRobot', 'A Survey on Large Language Models with some Insights', 'Orca: Progressive Learning'],
  },
  {
    id: 'rl-reasoning',
    members: ['Walk Before You Run', 'SimpleRL-Zoo', 'The Entropy Mechanism of Reinforcement Learning', 'Demystifying Long Chain-of-Thought', 'Thought Propagation'],
    main: ['SimpleRL-Zoo', 'The Entropy Mechanism of Reinforcement Learning', 'Walk Before You Run'],
    // Language models that help RL, and "prompting" of a vision model for a robot.
    nearMisses: ['ImagineBench', 'CAMEL: Continuous Action Masking', 'Affordance-Guided Reinforcement Learning via Visual Prompting'],
  },
  {
    id: 'safety',
    members: ['Progent', 'WebGuard', 'Frontier Models are Capable of In-context Scheming', 'Goal-oriented Backdoor Attack', 'Sycophancy to Subterfuge'],
    main: ['Progent', 'Goal-oriented Backdoor Attack'],
    // "Exploitation", "privileged" actions and safe control of robots.
    nearMisses: ['XRPO', 'Learning Long-Horizon Robot Manipulation Skills via Privileged Action', 'Signal Temporal Logic Neural Predictive Control'],
  },
  {
    id: 'post-training',
    members: ['TÜLU 3', 'RewardBench 2', 'Secrets of RLHF', 'How Far Can Camels Go', 'Orca: Progressive Learning'],
    main: ['TÜLU 3', 'Secrets of RLHF'],
    // Fine-tuning and preference alignment of robot policies.
    nearMisses: ['Fine-Tuning Vision-Language-Action Models', 'Robot Fine-Tuning Made Easy', 'DeformPAM'],
  },
  {
    id: 'deep-rl',
    members: ['D4RL', 'Offline RL with Observation Histories', 'Objective Mismatch in Model-based', 'OMNI: Open-endedness', 'Meta-World'],
    main: ['D4RL', 'Compositional Conservatism'],
    // RL that trains language models, "skills" in the job market, "meta learning" of instructions.
    nearMisses: ['SimpleRL-Zoo', 'Walk Before You Run', 'Design of Negative Sampling Strategies', 'OPT-IML'],
  },
  {
    id: 'video-motion',
    members: ['MotionCLR', 'MultiSports', 'FineBio', 'DragNUWA', 'SINC: Spatial Composition of 3D Human Motions'],
    main: ['MotionCLR', 'MultiSports'],
    // Video games, and "temporal" RL and logic.
    nearMisses: ['Agents Play Thousands of 3D Video Games', 'Discovering Temporally-Aware Reinforcement Learning', 'Signal Temporal Logic Neural Predictive Control'],
  },
  {
    id: 'foundation-models',
    members: ['Are Emergent Abilities of Large Language Models a Mirage', 'Unlock Predictable Scaling', 'Circuit Component Reuse', 'On the Measure of Intelligence', 'Learning Transferable Visual Models'],
    main: ['Are Emergent Abilities of Large Language Models a Mirage', 'Circuit Component Reuse'],
    // Tools served by foundation models, "scaling" agents and "emergence" of thinking.
    nearMisses: ['TaskMatrix.AI', 'Tool Learning with Foundation Models', 'Scaling Agent Learning via Experience Synthesis', 'On the Emergence of Thinking in LLMs'],
  },
  {
    id: 'other',
    members: ['Toward a traceable, explainable, and fairJD/Resume', 'S2SNet', 'Design of Negative Sampling Strategies'],
    main: ['S2SNet'],
    // Odd papers that still have a home: LLM-based recommendation and RL-driven architecture search.
    nearMisses: ['Item-Language Model for Conversational Recommendation', 'Efficient Architecture Search'],
  },
];

suite('topics: what each topic holds', () => {
  const { byTitle, topics } = seedCorpus();

  test('every topic of the data file has a case, and no case names a missing topic', () => {
    assert.deepEqual(CASES.map(c => c.id).sort(), topics.topics.map(t => t.id).sort());
  });

  for (const c of CASES) {
    test(`${c.id}: holds its papers, leads with its main ones, leaves out the near misses`, () => {
      assert.ok(c.members.length >= 3 && c.nearMisses.length >= 2, 'each case pins at least 3 members and 2 near misses');
      for (const title of c.members) {
        const paper = byTitle(title);
        assert.ok(paper.topics.includes(c.id), `"${paper.title}" should be in ${c.id}, got ${paper.topics.join(', ')}`);
      }
      for (const title of c.main) {
        const paper = byTitle(title);
        assert.equal(paper.topics[0], c.id, `"${paper.title}" should have ${c.id} first, got ${paper.topics.join(', ')}`);
      }
      for (const title of c.nearMisses) {
        const paper = byTitle(title);
        assert.ok(!paper.topics.includes(c.id), `"${paper.title}" should not be in ${c.id}, got ${paper.topics.join(', ')}`);
      }
    });
  }
});

suite('topics: the corpus as a whole', () => {
  const { papers, topics } = seedCorpus();
  const file = topicsFile();
  const catchAll = file.catchAll.id;
  const countIn = (id: string) => papers.filter(p => p.topics.includes(id)).length;

  test('the data file validates against its schema and every pattern compiles', () => {
    const parsed = TopicsFileSchema.safeParse(file);
    assert.ok(parsed.success, parsed.success ? '' : parsed.error.message);
    for (const topic of file.topics) {
      for (const pattern of [...topic.title, ...topic.abstract, ...(topic.exclude ?? [])]) {
        assert.doesNotThrow(() => new RegExp(pattern, 'iu'), `${topic.id}: ${pattern}`);
      }
    }
  });

  test('there are 10 to 16 topics counting the catch-all, which comes last', () => {
    assert.ok(topics.topics.length >= 10 && topics.topics.length <= 16, `${topics.topics.length} topics`);
    assert.equal(topics.topics.at(-1)?.id, catchAll);
  });

  test('topic ids and labels are unique', () => {
    assert.equal(new Set(topics.topics.map(t => t.id)).size, topics.topics.length);
    assert.equal(new Set(topics.topics.map(t => t.label)).size, topics.topics.length);
  });

  test('every paper has one to three topics, all of them known', () => {
    const known = new Set(topics.topics.map(t => t.id));
    for (const paper of papers) {
      assert.ok(paper.topics.length >= 1 && paper.topics.length <= 3, `${paper.title}: ${paper.topics.join(', ')}`);
      for (const id of paper.topics) assert.ok(known.has(id), `${paper.title}: unknown topic ${id}`);
    }
  });

  test("a paper's first topic is its best-scoring one", () => {
    for (const paper of papers.filter(p => p.topics[0] !== catchAll)) {
      const scores = topics.scores(paper);
      assert.equal(scores[paper.topics[0]], Math.max(...Object.values(scores)), paper.title);
    }
  });

  test('the catch-all holds at most 2% of the papers', () => {
    assert.ok(countIn(catchAll) <= papers.length * 0.02, `${countIn(catchAll)} of ${papers.length} papers in ${catchAll}`);
  });

  test('every topic holds at least a handful of papers, and none holds more than a fifth', () => {
    for (const topic of topics.topics.filter(t => t.id !== catchAll)) {
      const n = countIn(topic.id);
      assert.ok(n >= 5, `${topic.id} holds only ${n} papers`);
      assert.ok(n <= papers.length / 5, `${topic.id} holds ${n} of ${papers.length} papers: a dumping ground`);
    }
  });

  test('papers have few topics on average (at most 2.2)', () => {
    const average = papers.reduce((n, p) => n + p.topics.length, 0) / papers.length;
    assert.ok(average <= 2.2, `average ${average.toFixed(2)} topics per paper`);
  });
});

suite('topics: the rules engine', () => {
  // A small file whose scores are easy to work out by hand.
  const file = (overrides: Partial<TopicsFile> = {}): TopicsFile => ({
    titleWeight: 3,
    threshold: 3,
    catchAll: { id: 'other', label: 'Other', description: 'The rest.' },
    topics: [
      { id: 'robots', label: 'Robots', description: 'Robots.', title: ['robot'], abstract: ['robot', 'grasp', 'gripper'] },
      { id: 'agents', label: 'Agents', description: 'Agents.', title: ['agent'], abstract: ['agent', 'planning', 'memory'], exclude: ['secret agent'] },
      { id: 'games', label: 'Games', description: 'Games.', title: ['game'], abstract: ['game', 'chess'] },
    ],
    ...overrides,
  });
  const paper = (title: string, abstract: string) => ({ title, abstract });

  test('a title match and each abstract pattern add up, times the weight', () => {
    const weighted = file({ topics: file().topics.map(t => (t.id === 'agents' ? { ...t, weight: 0.5 } : t)) });
    const scores = createTopicAssigner(weighted).scores(paper('A robot agent', 'The robot uses a gripper; the agent does planning.'));
    assert.deepEqual(scores, { robots: 5, agents: 2.5, games: 0 });
  });

  test('topics come best first, ties in file order, and an exclude pattern vetoes a topic', () => {
    const assigner = createTopicAssigner(file());
    assert.deepEqual(assigner.assign(paper('Agents that play a game', 'An agent, planning, a chess game.')), ['agents', 'games']);
    assert.deepEqual(assigner.assign(paper('Robot game', 'A robot game.')), ['robots', 'games']);
    assert.deepEqual(assigner.assign(paper('A secret agent game', 'The agent plays chess, planning with memory.')), ['games']);
  });

  test('a topic far below the best one does not join, and maxTopics caps the list', () => {
    const text = paper('A robot agent game', 'robot grasp gripper agent planning game');
    assert.deepEqual(createTopicAssigner(file()).assign(text), ['robots', 'agents', 'games']);
    assert.deepEqual(createTopicAssigner(file({ minShareOfBest: 0.7 })).assign(text), ['robots', 'agents']);
    assert.deepEqual(createTopicAssigner(file({ maxTopics: 1 })).assign(text), ['robots']);
  });

  test('below the threshold a paper falls back to its best topic, or to the catch-all without one', () => {
    const weak = paper('On grasping', 'We grasp things with a gripper, and play chess.');
    assert.deepEqual(createTopicAssigner(file()).assign(weak), ['other']);
    assert.deepEqual(createTopicAssigner(file({ fallback: 2 })).assign(weak), ['robots']);
    assert.deepEqual(createTopicAssigner(file({ fallback: 2 })).assign(paper('On chess', 'Chess.')), ['other']);
    assert.deepEqual(createTopicAssigner(file({ fallback: 2 }), { nearMisses: false }).assign(weak), ['other'], 'a paper fetched from the web');
    assert.deepEqual(createTopicAssigner(file({ fallback: 2 }), { nearMisses: false }).assign(paper('Robot grasping', 'A gripper.')), ['robots']);
  });

  test('duplicate topic ids or labels are rejected', () => {
    const [robots] = file().topics;
    assert.throws(() => createTopicAssigner(file({ topics: [robots, { ...robots, label: 'Robots again' }] })), /duplicate topic id: robots/);
    assert.throws(() => createTopicAssigner(file({ topics: [robots, { ...robots, id: 'robots-2' }] })), /duplicate topic label: Robots/);
  });
});
