import type { KeywordLanguage } from '#shared/tracking'

/*
|--------------------------------------------------------------------------
| Stop words of the keyword cloud, per language
|--------------------------------------------------------------------------
| Words that say nothing about a channel's videos: particles, pronouns,
| auxiliaries and the fillers video titles carry ("video", "official",
| "ep"). Words of one character are dropped anyway (except Han and Hangul
| syllables that jieba or the segmenter keep whole), so they are not listed.
| Korean also lists the particles cut from a word's end (서울에서 → 서울).
*/

// prettier-ignore
export const STOP_WORDS: Record<KeywordLanguage, readonly string[]> = {
  en: [
    'a', 'about', 'after', 'all', 'also', 'an', 'and', 'any', 'are', 'as', 'at', 'be', 'been',
    'before', 'but', 'by', 'can', 'could', 'did', 'do', 'does', 'done', 'ep', 'episode', 'for',
    'from', 'full', 'get', 'got', 'had', 'has', 'have', 'he', 'her', 'here', 'him', 'his', 'how',
    'i', 'if', 'in', 'into', 'is', 'it', 'its', 'just', 'me', 'more', 'my', 'new', 'no', 'not',
    'now', 'of', 'official', 'on', 'one', 'or', 'our', 'out', 'part', 'she', 'so', 'some',
    'than', 'that', 'the', 'their', 'them', 'then', 'there', 'these', 'they', 'this', 'to',
    'too', 'up', 'us', 'very', 'video', 'videos', 'vs', 'was', 'we', 'were', 'what', 'when',
    'where', 'which', 'who', 'why', 'will', 'with', 'you', 'your',
  ],
  zh: [
    '的', '了', '是', '在', '和', '与', '及', '或', '也', '都', '就', '还', '又', '把', '被',
    '让', '给', '从', '对', '向', '我', '你', '他', '她', '它', '们', '我们', '你们', '他们',
    '她们', '自己', '这', '那', '这个', '那个', '这些', '那些', '一个', '一些', '什么', '怎么',
    '为什么', '如何', '哪里', '吗', '呢', '吧', '啊', '呀', '哦', '嗯', '啦', '着', '过', '得',
    '地', '很', '最', '更', '太', '不', '没', '没有', '有', '要', '会', '能', '可以', '就是',
    '但是', '因为', '所以', '如果', '而且', '然后', '还是', '已经', '一下', '一起', '视频',
    '第一', '第二', '真的', '这家', '一次', '今天', '期', '集', '上', '下', '中', '里', '后', '前',
  ],
  ja: [
    'の', 'に', 'は', 'を', 'た', 'が', 'で', 'て', 'と', 'し', 'れ', 'さ', 'ある', 'いる',
    'する', 'した', 'して', 'します', 'しました', 'です', 'でした', 'ます', 'ました', 'から',
    'まで', 'より', 'こと', 'もの', 'これ', 'それ', 'あれ', 'この', 'その', 'あの', 'ここ',
    'そこ', 'どこ', 'なに', '何', 'なる', 'なった', 'ない', 'なく', 'よう', 'ため', 'など',
    'って', 'けど', 'でも', 'だけ', 'また', 'もう', 'さん', 'ちゃん', 'くん', '私', '僕',
    '俺', 'みんな', '動画', '公式', '回', '編',
  ],
  ko: [
    '그', '이', '저', '것', '수', '등', '들', '및', '더', '또', '잘', '좀', '안', '못', '왜',
    '그리고', '그러나', '하지만', '그래서', '그런데', '이런', '저런', '그런', '이것', '저것',
    '그것', '우리', '저희', '나', '너', '제', '내', '하는', '하고', '해서', '했다', '합니다',
    '했어요', '해요', '있는', '있다', '없는', '없다', '되는', '된다', '같은', '정말', '진짜',
    '너무', '영상', '공식', '편', '화',
  ],
}

/** Word endings that are a verb's or adjective's, not a particle (맛있는 stays 맛있는). */
// prettier-ignore
export const KOREAN_VERB_ENDINGS: readonly string[] = ['있는', '없는', '하는', '되는', '이는', '같은']

/** Particles cut from the end of a Korean word when at least two syllables remain, longest first. */
// prettier-ignore
export const KOREAN_PARTICLES: readonly string[] = [
  '에서는', '으로는', '에게서', '이랑', '에서', '에게', '한테', '으로', '까지', '부터', '처럼',
  '보다', '하고', '은', '는', '이', '가', '을', '를', '의', '에', '로', '와', '과', '도', '만',
  '랑',
]
