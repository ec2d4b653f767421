// Words people here build passwords on that zxcvbn's common dictionaries lack, for the estimator of
// lib/password-strength.ts (loaded with it, never on /signin). Vietnamese ones are typed as people
// type them in a password: without accents or spaces ("Mật khẩu" → matkhau, "anh yêu em" →
// anhyeuem). The estimator ranks a word by its place in its list and a capitalised word with a
// symbol and a year ("Hanoi@1990") stays below its 10^8 guesses only within about the first 250,
// so the likeliest come first: password phrases, family names, given names, pet names, places;
// then compound names, animals and everyday words.

const words = (...groups: string[]): string[] => [...new Set(groups.join(" ").split(/\s+/).filter(Boolean))];

/** "mật khẩu", "anh yêu em", "tình yêu", "hạnh phúc"… */
const PHRASES = `
matkhau anhyeuem emyeuanh yeuem yeuanh iuem iuanh anhiuem emiuanh yeuemnhieu anhyeuemnhieu
tinhyeu hanhphuc giadinh conyeu yeuthuong thuongem thuonganh nhoem nhoanh embe anhyeu emyeu
yeume yeubo meyeu boyeu voyeu chongyeu ongxa baxa vosau chongsau nguoiyeu bantrai bangai
banthan emgai anhtrai chigai emtrai xinchao chaoban camon matkhaumoi taikhoan dangnhap mothaiba
`;

/** Family names, commonest first (Nguyễn is borne by about four in ten people). */
const FAMILY_NAMES = `
nguyen tran le pham hoang huynh phan vu vo dang bui do ho ngo duong ly dinh trinh truong mai lam
luong dao doan ha cao lai tang chu luu kieu ta quach vuong thai la trieu tong thach giang
`;

/** The commonest middle and given names (Văn, Thị, Anh, Linh, Trang, Hương, Minh, Tuấn…). */
const GIVEN_NAMES = `
van thi anh linh trang huong hoa minh tuan hung dung nam long thanh hai thu hien hieu huy khanh
lan my ngoc nhung phuong quang quynh son tam thao thuy trung tu vy yen an bao binh chau chi cuong
dat duc hanh hau hoai hong hue khoa khoi kien kim lien loan loc luan manh nga ngan nghia nhan nhi
nhu oanh phat phong phuc phu quan quoc quyen sang tai tan thang thinh tien tin toan tung tuyet
uyen viet vinh xuan duyen hang hao hiep huyen khang nhat tram diep
`;

/** Pet names and endearments, and "xinh đẹp", "dễ thương", "công chúa"… */
const ENDEARMENTS = `
baby cuncon heocon meocon gaucon thocon concho conmeo conheo congchua hoangtu thienthan acquy
dethuong xinhdep xinhgai depgai deptrai xinhxinh kute bebong bebi bedau bebu
`;

/** The country, its largest cities and the places people love. */
const PLACES = `
vietnam hanoi saigon hochiminh tphcm danang haiphong cantho hue nhatrang dalat vungtau halong
sapa phuquoc vietnamvodich vodich
`;

/** Then, less common: compound given names, animals, provinces, brands and everyday words. */
const MORE_NAMES = `
tuananh ngocanh thuytrang phuonglinh hoanganh minhanh ducanh vietanh quanganh lananh thanhhuong
thuhuong thanhtung thanhhai ngoclan bichngoc thuha hongnhung kimanh kimngan thanhtam minhtuan
minhduc minhhieu minhchau ngocminh baongoc baoanh baochau giahuy giabao ngochan ngocmai thanhthao
thuthao phuongthao huonggiang thuylinh khanhlinh myduyen
luu kieu khuc mac lu tieu ung tat khong kha lo giao lanh nguyet nhien qui bich cam dong nu que
sen thoa tinh tra xuyen dan danh diem giap han hoi hy khai khiem lang lap loi luyen ninh phi sa
tham thoai thong truc ty uy vi xinh dieu tri tho thuan thuong
`;

const ANIMALS = `
cun heo meo gau tho cho lon ga vit ca chuot trau bo de ngua khi ran rong ho ty suu dan mao thin
ti ngo mui than dau tuat hoi bong bin bi na tun tom tep su mit mimi bun keo socola bongbong
`;

const MORE_PLACES = `
hcm quangninh namdinh thaibinh nghean thanhhoa hatinh quangnam quangngai binhdinh khanhhoa lamdong
dongnai binhduong longan tiengiang bentre angiang kiengiang camau baclieu soctrang travinh vinhlong
dongthap hagiang laocai caobang langson bacninh bacgiang thainguyen phutho vinhphuc hanam ninhbinh
haiduong hungyen quangbinh quangtri kontum gialai daklak
hagl viettel mobifone vinaphone vnpt fpt zalo momo vietcombank techcombank agribank bidv
vietinbank mbbank vpbank tpbank sacombank
`;

const EVERYDAY = `
chucmung sinhnhat chucmungsinhnhat namoi hocgioi thanhcong maymam phattai phatloc tailoc binhan
ankhang thinhvuong vuive buon nho cuocsong cuocdoi doi song chet ghet ngu vang bac kimcuong giau
ngheo trai gai ban trieuphu typhu daigia sep tuyet mua nang gio may troi lua nuoc sao mattroi
ngoisao saobang bautroi la cay rung nui bien bienxanh songhong quehuong datnuoc tonquoc chienthang
anhhung sieunhan phuonghoang kylan muaxuan muaha muathu muadong tet hoamai hoadao hoahong hoalan
hoacuc hoasen pho banh banhmi com che caphe bia ruou me ba ma con em ong nha hocsinh sinhvien
giaovien bacsi congan bodoi tuoitre thanhxuan hoctap lamviec
`;

/** Vietnamese password words, likeliest first. */
export const VIETNAMESE_PASSWORD_WORDS: readonly string[] = words(
  PHRASES,
  FAMILY_NAMES,
  GIVEN_NAMES,
  ENDEARMENTS,
  PLACES,
  MORE_NAMES,
  ANIMALS,
  MORE_PLACES,
  EVERYDAY,
);

/**
 * Words of any sign-up form that the common dictionaries hold only inside longer passwords
 * ("Admin@123" is there, "admin" is not): "Admin@2024" would otherwise pass as a random "Admin@".
 */
export const ACCOUNT_PASSWORD_WORDS: readonly string[] = words(`
admin administrator root user guest login test demo account portal welcome hello password pass
matkhau qwerty abc abcd abcde asdf zxcv azerty secret master super manager system default
`);
