// biome-ignore-all lint: generated from ui/src/app.ts
// biome-ignore-all format: generated from ui/src/app.ts
var y,Ne,rt,R,ce,oe,Ae,te,De,_e,ue,at,K=Symbol.for("pv"),se={},re=[],it=/^m(i|n|o|s|text|space)$/,de=Array.isArray,pe=re.slice,H=Object.assign;function O(t){t&&t.parentNode&&t.remove()}function fe(t,e,n){var s,r,o,a={},l=arguments.length;for(o in e)o=="key"?s=e[o]:o=="ref"&&typeof t!="function"?r=e[o]:a[o]=e[o];return l>2&&(a.children=l>3?pe.call(arguments,2):n),B(t,a,s,r,null)}function B(t,e,n,s,r){var o={type:t,props:e,key:n,ref:s,__k:null,__:null,__b:0,__e:null,__c:null,constructor:K,__v:r||++Ne,__i:-1,__u:0};return!r&&y.vnode&&y.vnode(o),o}function ae(t){return t.children}function j(t,e){this.props=t,this.context=e,this.__g=0}function M(t,e){if(e==null)return t.__&&M(t.__,t.__i+1);for(var n;e<t.__k.length;e++)if((n=t.__k[e])&&n.__e)return n.__e;return typeof t.type!="function"||t.props.__P?null:M(t)}function lt(t){var e,n=t.__v,s=n.__e,r=[],o=[],a=t.__P;a&&((e=H({constructor:K},n)).__v=n.__v+1,y.vnode&&y.vnode(e),he(a,e,n,t.__n,a.namespaceURI,32&n.__u?[s]:null,r,s||M(n),32&n.__u,o),e.__v=n.__v,e.__.__k[e.__i]=e,Le(r,e,o),n.__=n.__e=null,e.__e!=s&&Re(e))}function Re(t){if((t=t.__)&&t.__c&&!t.props.__P)return t.__e=null,t.__k.some(function(e){return e&&(t.__e=e.__e)}),Re(t)}function Pe(t){(8&t.__g||(t.__g|=8,R.push(t),oe++))&&ce==y.debounceRendering||((ce=y.debounceRendering)||queueMicrotask)(Me)}function Me(){try{for(var t,e=1;R.length;)R.length>e&&R.sort(Ae),t=R.shift(),e=R.length,8&t.__g&&lt(t)}finally{(oe=R.length)&&(ce||queueMicrotask)(Me)}}function Ue(t,e,n,s,r,o,a,l,u,h,c){var d,p,i,f,g,v,$=s.__k||re,m=e.length;for(u=ct(n,e,$,u,m),d=0;d<m;d++)(i=n.__k[d])!=null&&(p=~i.__i&&$[i.__i]||se,i.__i=d,v=he(t,i,p,r,o,a,l,u,h,c),f=i.__e,(p.ref!=i.ref||8&p.__u)&&(p.ref&&me(p.ref,null,i,p),i.ref&&c.push(i.ref,i.__c||f,i)),g=g||f,4&i.__u?(u=Oe(i,u,t,!p.__v),p.__e&&(p.__e=null)):typeof i.type=="function"&&v!==void 0?u=v:f&&(u=f.nextSibling),i.__u&=-21);return n.__e=g,u}function ct(t,e,n,s,r){var o,a,l,u,h,c,d,p,i,f=n.length,g=f,v=0,$=0,m=t.__k=Array(r);for(o=0;o<r;o++)(a=e[o])!=null&&typeof a!="boolean"&&typeof a!="function"?(typeof a!="object"||a.constructor===String?a=m[o]=B(null,a):de(a)?a=m[o]=B(ae,{children:a}):a.constructor===K&&a.__b?a=m[o]=B(a.type,a.props,a.key,a.ref,a.__v):m[o]=a,u=o+v,a.__=t,a.__b=t.__b+1,l=null,~(h=a.__i=ut(a,n,u,g))&&(g--,(l=n[h])&&(l.__u|=2)),l&&l.__v?(a.__u|=16,h==u-1?v--:h==u+1?v++:h!=u&&(h>u?v--:v++,$=1)):(~h||(r>f?v--:r<f&&v++),typeof a.type!="function"&&(a.__u|=4))):m[o]=null;if($){for(c=[],d=[],o=0;o<r;o++)if((a=m[o])&&16&a.__u){for(v=0,p=c.length;v<p;)c[i=v+p>>1]<a.__i?v=i+1:p=i;c[v]=a.__i,d[o]=v+1}for(v=c.length;o--;)d[o]&&(d[o]==v?v--:m[o].__u|=4)}if(g)for(o=0;o<f;o++)!(l=n[o])||2&l.__u||(l.__e==s&&(s=M(l)),ve(l,l));return s}function Oe(t,e,n,s){var r,o,a,l;if(typeof t.type=="function"){if(t.props.__P)return e;if(r=t.__k)for(o=0;o<r.length;o++)r[o]&&(r[o].__=t,e=Oe(r[o],e,n,!1));return e}for(e&&!e.parentNode&&(e=M(t))&&!e.parentNode&&(e=null),a=t.__e,l=e;l&&l.nodeType==8;)l=l.nextSibling;for(a!=l&&(!s&&n.moveBefore&&a.parentNode?n.moveBefore(a,e):n.insertBefore(a,e||null)),e=a;(e=e&&e.nextSibling)&&e.nodeType==8&&!e.data.startsWith("$s"););return e}function ut(t,e,n,s){var r,o=t.key,a=t.type,l=e[n],u=l&&!(2&l.__u);if(l===null&&o==null||u&&o==l.key&&a==l.type)return n;if(s>(u?1:0)){for(r=n-1;r>=0;r--)if((l=e[r])&&!(2&l.__u)&&o==l.key&&a==l.type)return r;for(r=n+1;r<e.length;r++)if((l=e[r])&&!(2&l.__u)&&o==l.key&&a==l.type)return r}return-1}function Ee(t,e,n){n==null&&(n=""),e[0]=="-"?t.setProperty(e,n):t[e]=n}function ee(t,e,n,s,r){var o,a;if(e=="style")if(typeof n=="string")t.style.cssText=n;else{if(typeof s=="string"&&(t.style.cssText=s=""),s)for(e in s)n&&e in n||Ee(t.style,e);if(n)for(e in n)s&&n[e]==s[e]||Ee(t.style,e,n[e])}else if(e[0]=="o"&&e[1]=="n")typeof n!="function"&&(n=null),typeof s!="function"&&(s=null),(t.__e||(t.__e={}))[e]=n,n&&s||(a=ue[e]||(ue[e]=_t(e)),(t.__a||(t.__a={}))[e]=_e,o=e!=(e=e.replace(De,"$1")),(e=e.slice(2))[0]<"a"&&(e=e.toLowerCase()),n?t.addEventListener(e,a,o):t.removeEventListener(e,a,o));else{if(r=="http://www.w3.org/2000/svg")e=e.replace(/xlink(H|:h)/,"h").replace(/sName$/,"s");else if(e!="width"&&e!="height"&&e!="href"&&e!="list"&&e!="form"&&e!="tabIndex"&&e!="download"&&e!="rowSpan"&&e!="colSpan"&&e!="role"&&e!="popover"&&e in t)try{return void(t[e]=n??"")}catch{}if(typeof n=="function")return;n==null||n===!1&&e[4]!="-"?t.removeAttribute(e):t.setAttribute(e,e=="popover"&&n==1?"":n)}}function _t(t){return function(e){var n=this.__e;if(n){if(n=n[t],e[te]==null)e[te]=_e++;else if(e[te]<this.__a[t])return;return n(y.event?y.event(e):e)}}}function he(t,e,n,s,r,o,a,l,u,h){var c,d,p,i,f,g,v,$,m,w,b,F,Y,k,S,N,I,U,D=e.type;if(e.constructor!==K)return null;128&n.__u&&(u=32&n.__u,c=n.__c.__z)&&(e.__u|=u,d=o=[],c.nodeType==8?l=ne(c,o):o.push(c),l=o[0]||l),(c=y.__b)&&c(e);e:if(typeof D=="function"){p=a.length;try{if($=e.props,m=(c=D.prototype)&&c.render,w=(c=D.contextType)&&s[c.__c],b=c?w?w.props.value:c.__:s,(i=n.__c)?(e.__c=i,2&i.__g&&(i.__g|=1)):(m?e.__c=i=new D($,b):(e.__c=i=new j($,b),i.constructor=D,i.render=pt),w&&w.sub(i),i.state||(i.state={}),i.__n=s,i.__g|=8,i.__h=[],i.__k=[]),m&&(i.__s||(i.__s=i.state),D.getDerivedStateFromProps&&(i.__s==i.state&&(i.__s=H({},i.__s)),H(i.__s,D.getDerivedStateFromProps($,i.__s)))),f=i.props,g=i.state,i.__v=e,n.__c){if($!==f&&m&&!D.getDerivedStateFromProps&&i.componentWillReceiveProps&&i.componentWillReceiveProps($,b),e.__v==n.__v&&!(8&i.__g)||!(4&i.__g)&&i.shouldComponentUpdate&&i.shouldComponentUpdate($,i.__s,b)===!1){e.__v!=n.__v&&(i.props=$,i.state=i.__s,i.__g&=-9),e.__e=n.__e,e.__k=n.__k,e.__k.some(function(P){P&&(P.__=e)}),re.push.apply(i.__h,i.__k),i.__k=[],i.__h.length&&a.push(i),l=M(n);break e}i.componentWillUpdate&&i.componentWillUpdate($,i.__s,b),m&&i.componentDidUpdate&&i.__h.push(function(){i.componentDidUpdate(f,g,v)})}else m&&!D.getDerivedStateFromProps&&i.componentWillMount&&i.componentWillMount(),m&&i.componentDidMount&&i.__h.push(i.componentDidMount);i.context=b,i.props=$,i.__P=t,i.__g&=-5,F=y.__r,Y=m?25:0;do i.__g&=-9,F&&F(e),c=i.render(i.props,i.state=i.__s,i.context);while(8&i.__g&&++Y<25);m&&(re.push.apply(i.__h,i.__k),i.__k=[]),i.state=i.__s,i.getChildContext&&(s=H({},s,i.getChildContext())),m&&n.__c&&i.getSnapshotBeforeUpdate&&(v=i.getSnapshotBeforeUpdate(f,g)),k=c&&c.type===ae&&c.key==null?c.props.children:c,$.__P&&(c=l,r=(t=$.__P).namespaceURI,u=o=null,n.props&&n.props.__P!=t&&(n.__k.some(function(P){P&&ve(P,P)}),n.__k=null),l=n.__k?M(n,0):null),l=Ue(t,de(k)?k:[k],e,n,s,r,o,a,l,u,h),$.__P&&(e.__e=null,l=c),e.__u&=-161,d&&d.some(O),i.__h.length&&a.push(i),1&i.__g&&(i.__g&=-4)}catch(P){if(a.length=p,e.__v=null,u||o)if(P&&P.then){if(e.__u|=128|u,o){for(~(I=o.indexOf(l||void 0))||(I=o.length);(U=o[I-1])&&U.nodeType==8;)I--;for(;I<o.length;I++)if(U=o[I])if(o[I]=null,S){if(U==N)break}else{if(U.nodeType!=8)break;U.data.startsWith("$s")&&(N=ne(S=U))}}if(!S){for(;l&&l.nodeType==8&&l.nextSibling;)l=l.nextSibling;S=l}(c=ne(S=e.__c.__z||(e.__c.__z=S)))?(e.__e=S,l=c):e.__e=l,l=l&&l.nextSibling}else o&&o.some(O);else e.__e=n.__e;e.__k||(e.__k=n.__k||[]),P&&P.then||He(e),y.__e(P,e,n)}}else l=e.__e=dt(n.__e,e,n,s,r,o,a,u,h,t);return(c=y.diffed)&&c(e),l}function ne(t,e){if(t&&t.nodeType==8&&t.data.startsWith("$s"))for(var n=1;t=t.nextSibling;){if(t.nodeType==8){if(t.data.startsWith("$s"))n++;else if(t.data.startsWith("/$s")&&!--n)return t}e&&e.push(t)}}function He(t){t&&(t.__c&&(t.__c.__g|=4),t.__k&&t.__k.some(He))}function Le(t,e,n){for(var s=0;s<n.length;)me(n[s++],n[s++],n[s++]);y.__c&&y.__c(e,t),t.some(function(r){try{t=r.__h,r.__h=[],t.some(function(o){o.call(r)})}catch(o){y.__e(o,r.__v)}})}function dt(t,e,n,s,r,o,a,l,u,h){var c,d,p,i,f,g,v,$,m=n.props||se,w=e.props,b=e.type;if(b=="svg"?r="http://www.w3.org/2000/svg":b=="math"?r="http://www.w3.org/1998/Math/MathML":r||(r="http://www.w3.org/1999/xhtml"),o){for(c=0;c<o.length;c++)if((f=o[c])&&(b?f.localName==b:f.nodeType==3)){t=f,o[c]=null;break}}if(!t){if($=h.ownerDocument||document,!b)return $.createTextNode(w);t=$.createElementNS(r,b,w.is?w:h),l&&(y.__m&&y.__m(e,o),l=!1),o=null}if(b){if(h=b=="template"&&t.content||t,o=b=="textarea"&&w.defaultValue!=null?null:o&&pe.call(h.childNodes),!l&&o)for(m={},c=0;c<t.attributes.length;c++)m[(f=t.attributes[c]).name]=f.value;for(c in m)f=m[c],c=="dangerouslySetInnerHTML"?p=f:c=="children"||c in w||c=="value"&&"defaultValue"in w||c=="checked"&&"defaultChecked"in w||ee(t,c,null,f,r);for(c in w)f=w[c],c=="children"?i=f:c=="dangerouslySetInnerHTML"?d=f:c=="value"?g=f:c=="checked"?v=f:l&&typeof f!="function"||m[c]===f||ee(t,c,f,m[c],r);d?(l||p&&(d.__html==p.__html||d.__html==t.innerHTML)||(t.innerHTML=d.__html),e.__k=[]):(p&&(t.textContent=""),(b=="foreignObject"||r=="http://www.w3.org/1998/Math/MathML"&&it.test(b))&&(r="http://www.w3.org/1999/xhtml"),Ue(h,de(i)?i:[i],e,n,s,r,o,a,o?o[0]:n.__k&&M(n,0),l,u),o&&o.some(O)),l&&b!="textarea"||(c="value",b=="progress"&&g==null?t.removeAttribute(c):g==null||g===t[c]&&(b!="progress"||g)||ee(t,c,g,m[c],r),c="checked",v!=null&&v!=t[c]&&ee(t,c,v,m[c],r))}else m===w||l&&t.data==w||(t.data=w);return t}function me(t,e,n,s){try{typeof t=="function"?e?e.__x=t(e)||1:s&&(s=s.__c||s.__e)&&(e=s.__x)&&(s.__x=null,typeof e=="function"?e():t(null)):t.current=e}catch(r){y.__e(r,n)}}function ve(t,e,n){var s,r,o,a;if(y.unmount&&y.unmount(t),!(s=t.ref)||s.current&&s.current!=t.__e||me(s,null,e,t),s=t.__c){if(s.componentWillUnmount)try{s.componentWillUnmount()}catch(l){y.__e(l,e)}s.__P=s.__n=null}if(s=t.__k)for(a=0;a<s.length;a++)s[a]&&ve(s[a],e,typeof t.type!="function"||n&&!t.props.__P);!n&&(s=t.__c)&&(s=s.__z)&&(r=ne(s,o=[]))&&(s==t.__e&&o.some(O),O(r),O(s)),n||O(t.__e),t.__e=t.__c=t.__=null}function pt(t,e,n){return this.constructor(t,n)}function $e(t,e){var n,s,r,o;y.__&&y.__(t,e),e.nodeType==9&&(e=e.documentElement),s=(n=t&&32&t.__u)?null:e.__k,e.__k=B(ae,{children:[t]}),r=[],o=[],he(e,e.__k,s||se,se,e.namespaceURI,s?null:e.firstChild?pe.call(e.childNodes):null,r,s?s.__e:e.firstChild,n,o),Le(r,e.__k,o),e.__k.props.children=null}y={__e:function(t,e,n,s){for(var r,o,a;e=e.__;)if((r=e.__c)&&!(1&r.__g)){r.__g|=4;try{if((a=(o=r.constructor)&&o.getDerivedStateFromError)&&r.setState(o.getDerivedStateFromError(t)),r.componentDidCatch&&(r.componentDidCatch(t,s||{}),a=1),a&&8&r.__g)return void(r.__g|=2)}catch(l){t=l}}throw oe=0,t}},Ne=0,rt=function(t){return t!=null&&t.constructor===K},j.prototype.setState=function(t,e){var n=this.__s;n&&n!=this.state||(n=this.__s=H({},this.state)),typeof t=="function"&&(t=t(H({},n),this.props)),t&&(H(n,t),this.__v&&(e&&this.__k.push(e),Pe(this)))},j.prototype.forceUpdate=function(t){this.__v&&(this.__g|=4,t&&this.__h.push(t),Pe(this))},j.prototype.render=ae,R=[],oe=0,Ae=function(t,e){return t.__v.__b-e.__v.__b},te=Symbol(),De=/(PointerCapture)$|Capture$/i,_e=0,ue={},at=0;var We=function(t,e,n,s){var r;e[0]=0;for(var o=1;o<e.length;o++){var a=e[o++],l=e[o]?(e[0]|=a?1:2,n[e[o++]]):e[++o];a===3?s[0]=l:a===4?s[1]=Object.assign(s[1]||{},l):a===5?(s[1]=s[1]||{})[e[++o]]=l:a===6?s[1][e[++o]]+=l+"":a?(r=t.apply(l,We(t,l,n,["",null])),s.push(r),l[0]?e[0]|=2:(e[o-2]=0,e[o]=r)):s.push(l)}return s},Fe=new Map;function qe(t){var e=Fe.get(this);return e||(e=new Map,Fe.set(this,e)),(e=We(this,e.get(t)||(e.set(t,e=(function(n){for(var s,r,o=1,a="",l="",u=[0],h=function(p){o===1&&(p||(a=a.replace(/^\s*\n\s*|\s*\n\s*$/g,"")))?u.push(0,p,a):o===3&&(p||a)?(u.push(3,p,a),o=2):o===2&&a==="..."&&p?u.push(4,p,0):o===2&&a&&!p?u.push(5,0,!0,a):o>=5&&((a||!p&&o===5)&&(u.push(o,0,a,r),o=6),p&&(u.push(o,p,0,r),o=6)),a=""},c=0;c<n.length;c++){c&&(o===1&&h(),h(c));for(var d=0;d<n[c].length;d++)s=n[c][d],o===1?s==="<"?(h(),u=[u],o=3):a+=s:o===4?a==="--"&&s===">"?(o=1,a=""):a=s+a[0]:l?s===l?l="":a+=s:s==='"'||s==="'"?l=s:s===">"?(h(),o=1):o&&(s==="="?(o=5,r=a,a=""):s==="/"&&(o<5||n[c][d+1]===">")?(h(),o===3&&(u=u[0]),o=u,(u=u[0]).push(2,0,o),o=0):s===" "||s==="	"||s===`
`||s==="\r"?(h(),o=2):a+=s),o===3&&a==="!--"&&(o=4,u=u[0])}return h(),u})(t)),e),arguments,[])).length>1?e:e[0]}var _=qe.bind(fe);var J,C,ye,ze,ge=Object.is,Z=0,Xe=[],ke=[],T=y,Be=T.__b,je=T.__r,Ke=T.diffed,Ve=T.__c,Je=T.unmount,Ze=T.__;function we(t,e){T.__h&&T.__h(C,t,Z||e),Z=0;var n=C.__H||(C.__H={__:[],__h:[]});return t>=n.__.length&&n.__.push({}),n.__[t]}function x(t){return Z=1,ft(tt,t)}function ft(t,e,n){var s=we(J++,2);if(s.t=t,!s.__c&&(s.__=[n?n(e):tt(void 0,e),function(o){var a=(s.__N||s.__)[0],l=s.t(a,o);ge(a,l)||(s.__N=[l,s.__[1]],s.__c.setState({}))}],s.__c=C,!C.__f)){C.__f=!0;var r=C.shouldComponentUpdate;C.shouldComponentUpdate=function(o,a,l){var u=this.__H;if(!u)return!0;var h=!1,c=this.props!=o;if(u.__.some(function(p){p.__N&&(h=!0,ge(p.__[0],p.__N[0])||(c=!0))}),r){var d=r.call(this,o,a,l);return h?d||c:d}return!h||c}}return s.__}function ie(t,e){var n=we(J++,3);!T.__s&&et(n.__H,e)&&(n.__P=!0,n.__=t,n.u=e,C.__H.__h.push(n))}function G(t){return Z=5,Ye(function(){return{current:t}},[])}function Ye(t,e){var n=we(J++,7);return et(n.__H,e)&&(n.__=t(),n.__H=e),n.__}function Se(t,e){return Z=8,Ye(function(){return t},e)}function ht(){var t;do{for(;t=ke.shift();)try{V(t)}catch(n){T.__e(n,{__:(t=t.__P)&&t.__v})}for(;t=Xe.shift();){var e=t.__H;if(t.__P&&e)try{e.__h.some(V),e.__h.some(be),e.__h=[]}catch(n){e.__h=[],T.__e(n,t.__v)}}}while(ke.length)}T.__b=function(t){C=null,Be&&Be(t)},T.__=function(t,e){t&&e.__k&&e.__k.__m&&(t.__m=e.__k.__m),Ze&&Ze(t,e)},T.__r=function(t){je&&je(t),J=0;var e=(C=t.__c).__H;e&&(ye==C?C.__h=[]:(e.__h.some(V),e.__h.some(be),J=0),e.__h=[],e.__.some(function(n){n.__N&&(n.__=n.__N),n.u=n.__N=void 0})),ye=C},T.diffed=function(t){Ke&&Ke(t);var e=t.__c;e&&e.__H&&(e.__H.__h.length&&Qe(Xe.push(e)),e.__H.__.some(function(n){n.u&&(n.__H=n.u)})),ye=C=null},T.__c=function(t,e){e.some(function(n){try{n.__h.some(V),n.__h=n.__h.filter(function(s){return!s.__||be(s)})}catch(s){n.__h=[function(){throw s}]}}),Ve&&Ve(t,e)},T.unmount=function(t){Je&&Je(t);var e,n,s=t.__c;s&&s.__H&&(s.__H.__.some(function(r){try{if(r.__P&&r.__c){if(n===void 0){for(n=t.__;n&&(!n.__c||!n.__c.__P);)n=n.__;n=n&&n.__c}r.__P=n,Qe(ke.push(r))}else V(r)}catch(o){e=o}}),s.__H=void 0,e&&T.__e(e,s.__v))};var Ge=typeof requestAnimationFrame=="function";function mt(t){var e,n=function(){clearTimeout(s),Ge&&cancelAnimationFrame(e),setTimeout(t)},s=setTimeout(n,35);Ge&&(e=requestAnimationFrame(n))}function Qe(t){t!=1&&ze==T.requestAnimationFrame||((ze=T.requestAnimationFrame)||mt)(ht)}function V(t){var e=C,n=t.__c;typeof n=="function"&&(t.__c=void 0,n()),C=e}function be(t){var e=C;t.__c=t.__(),C=e}function et(t,e){return!t||t.length!=e.length||e.some(function(n,s){return!ge(n,t[s])})}function tt(t,e){return typeof e=="function"?e(t):e}var vt=1e3,nt=36e5,xe="mock-control-token";function Ie(t){try{t===null?sessionStorage.removeItem(xe):sessionStorage.setItem(xe,t)}catch{}}function $t(){try{return sessionStorage.getItem(xe)}catch{return null}}function yt(){let t=new URLSearchParams(location.hash.slice(1)).get("token");return t?(Ie(t),history.replaceState(null,"",location.pathname+location.search),t):$t()}var Q=yt(),q=class extends Error{constructor(n,s){super(n);this.status=s}status},le=t=>t instanceof Error?t.message:String(t),Te=t=>t instanceof q&&t.status===401;function gt(t,e,n){let s=(e.headers.get("Content-Type")??"").split(";")[0].trim(),r=n.replace(/<(head|script|style)\b[\s\S]*?<\/\1>/gi," ").replace(/<[^>]*>/g," ").replace(/\s+/g," ").trim(),o=r.length>160?`${r.slice(0,160)}...`:r,a=n.trim()===""?"an empty body":`${s||"no Content-Type"}, not JSON${o?`: "${o}"`:""}`;return new q(`the server answered ${e.status} with ${a} (${t})`,0)}async function E(t,e,n){let s=`${t} /__mock${e}`,r={};Q&&(r.Authorization=`Bearer ${Q}`),n!==void 0&&(r["Content-Type"]="application/json"),t==="GET"&&(e==="/version"||e.startsWith("/snapshot"))&&(r["X-Mock-Inspector"]="poll");let o;try{o=await fetch(`/__mock${e}`,{method:t,headers:r,body:n===void 0?void 0:JSON.stringify(n)})}catch(u){throw new q(`no answer from the server (${le(u)}; ${s}): is it still running?`,0)}let a=await o.text();if(o.status===204&&a==="")return;let l;try{if(!/\bjson\b/i.test(o.headers.get("Content-Type")??""))throw new Error("not JSON");l=JSON.parse(a)}catch{throw gt(s,o,a)}if(!o.ok){let u=l?.message;throw new q(typeof u=="string"?u:`the server answered ${o.status} (${s})`,o.status)}return l}var A=t=>t==null?"":new Date(t).toISOString().replace("T"," ").replace(/\.\d+Z$/,"Z"),ot=t=>new Date(t).toISOString().replace(/\.\d+Z$/,"Z"),kt={USD:2,KHR:0};function W(t,e){let n=e.toUpperCase(),s=kt[n]??2,r=t.toLocaleString("en-US",{minimumFractionDigits:s,maximumFractionDigits:s});return`${n} ${r}`}var st=/^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2})(:\d{2}(?:\.\d{1,3})?)?Z)?$/i;function bt(t){let e=st.exec(t.trim());if(!e)return;let[,n,s="00:00",r=":00"]=e,o=Date.parse(`${n}T${s}${r}Z`);if(Number.isNaN(o))return;let a=new Date(o).toISOString();return a.startsWith(`${n}T${s}`)?a:void 0}var L=t=>t.target.value,z=t=>_`<span class=${`badge badge-${t}`}>${t}</span>`;function X({columns:t,rows:e}){return _`<table class="list">
    <thead>
      <tr>${t.map(n=>_`<th scope="col">${n}</th>`)}</tr>
    </thead>
    <tbody>
      ${e.map(n=>_`<tr key=${n.key} data-testid=${n.testId}>
          ${n.cells.map((s,r)=>_`<td data-label=${t[r]}><div class="cell">${s}</div></td>`)}
        </tr>`)}
    </tbody>
  </table>`}function wt({snapshot:t,act:e}){let{clock:n}=t,[,s]=x(0),r=G({at:Date.now(),now:n.now});r.current.now!==n.now&&(r.current={at:Date.now(),now:n.now}),ie(()=>{if(n.frozen)return;let i=setInterval(()=>s(f=>f+1),1e3);return()=>clearInterval(i)},[n.frozen]);let o=n.frozen?Date.parse(n.now):Date.parse(r.current.now)+Date.now()-r.current.at,[a,l]=x(""),[u,h]=x(null),c=(i,f)=>e(i,()=>E("POST","/clock",f)),d=ot(n.now),p=i=>{i.preventDefault();let f=a.trim(),g=bt(f);if(g===void 0)return h(f);h(null),c(`set the clock to ${ot(g)}`,{now:g})};return _`<section class="clock" aria-label="Clock">
    <div class="clock-now">
      <strong data-testid="clock-now">${A(o)}</strong>
      <span class="muted">${n.frozen?"frozen":"running"}</span>
      <span class="era" title=${n.era.summary}>era ${n.era.name}</span>
    </div>
    <div class="clock-actions">
      <button onClick=${()=>c("+1 hour",{advanceMs:nt})}>+1 hour</button>
      <button onClick=${()=>c("+1 day",{advanceMs:24*nt})}>+1 day</button>
      <button onClick=${()=>c("+1 business day",{businessDays:1})}>+1 business day</button>
      <form class="set-date" onSubmit=${p}>
        <label for="clock-set">Set the clock to (UTC)</label>
        <input
          id="clock-set"
          type="text"
          autocomplete="off"
          spellcheck=${!1}
          placeholder=${d}
          aria-invalid=${u!==null}
          aria-describedby=${u===null?void 0:"clock-set-error"}
          value=${a}
          onInput=${i=>{l(L(i)),h(null)}}
        />
        <button type="submit">Set</button>
      </form>
    </div>
    ${u===null?"":_`<p id="clock-set-error" class="error clock-error" role="alert" data-testid="clock-set-error">
            ${u===""?"Type a UTC date, such as ":st.test(u.trim())?`"${u}" is no day or time of the calendar: write a real one, such as `:`"${u}" is not a UTC date: write it as `}
            <span class="nowrap">${d}</span>${u===""?".":" (ISO 8601, ending in Z for UTC)."}
          </p>`}
  </section>`}function St({snapshot:t}){let[e,n]=x({});return t.merchants.length===0?_`<p class="muted">No merchants yet.</p>`:_`<div class="cards">
    ${t.merchants.map(s=>_`<article class="card" data-testid=${`merchant-${s.merchantId}`}>
        <h3>${s.name} <span class="muted">#${s.merchantId}</span></h3>
        <dl>
          <dt>API key</dt>
          <dd><code>${s.apiKey}</code></dd>
          <dt>API secret</dt>
          <dd>
            ${e[s.merchantId]?_`<code>${s.apiSecret}</code>`:_`<span class="muted">hidden</span>`}
            <button class="link" onClick=${()=>n({...e,[s.merchantId]:!e[s.merchantId]})}>
              ${e[s.merchantId]?"hide":"show"}
            </button>
          </dd>
          <dt>Webhook URL</dt>
          <dd>${s.webhookUrl??_`<span class="muted">none: webhooks are only recorded</span>`}</dd>
          <dt>Stores</dt>
          <dd>${s.stores.map(r=>_`<div>#${r.storeId} ${r.storeName}</div>`)}</dd>
        </dl>
        <table class="balances">
          <thead><tr><th scope="col">balance</th><th scope="col">freeze</th><th scope="col">usable</th></tr></thead>
          <tbody>
            ${["usd","khr"].map(r=>{let o=s.balances[r],a=r.toUpperCase();return _`<tr data-testid=${`balance-${s.merchantId}-${r}`}>
                <td>${W(o.balance,a)}</td><td>${W(o.freeze,a)}</td><td>${W(o.usable,a)}</td>
              </tr>`})}
          </tbody>
        </table>
      </article>`)}
  </div>`}function Tt({snapshot:t,act:e}){if(t.orders.length===0)return _`<p class="muted">No orders yet.</p>`;let n=r=>t.transactions.filter(o=>o.kind==="payment"&&o.orderId===r),s=(r,o)=>e(`payment ${o} for order ${r}`,()=>E("POST","/payments",{orderId:r,status:o}));return _`<${X}
    columns=${["order","status","amount","QR code","payments",""]}
    rows=${t.orders.map(r=>({key:r.orderId,testId:`order-${r.orderId}`,cells:[_`#${r.orderId}<div class="muted">merchant #${r.merchantId}, ${A(r.createdAt)}</div>`,z(r.status),W(r.amount,r.currency),_`<img
          class="qr"
          alt=${`QR code of order ${r.orderId}`}
          src=${`/qr/${encodeURIComponent(r.qrData)}.png`}
        />`,n(r.orderId).map(o=>_`<div>#${o.transactionId} ${z(o.status)} ${A(o.updatedAt)}</div>`),r.status==="pending"||r.status==="processing"?_`<button onClick=${()=>s(r.orderId,"SUCCESS")}>Simulate payment</button>
              <button class="secondary" onClick=${()=>s(r.orderId,"FAILED")}>Simulate failure</button>`:""]}))}
  />`}function Ct({snapshot:t}){let e=t.transactions.filter(n=>n.kind==="refund"||n.kind==="payout");return e.length===0?_`<p class="muted">No refunds or payouts yet.</p>`:_`<${X}
    columns=${["transaction","kind","amount","status","requested","settles"]}
    rows=${e.map(n=>({key:n.transactionId,testId:`${n.kind}-${n.transactionId}`,cells:[_`#${n.transactionId}
          <div class="muted">${n.kind==="refund"?`order #${n.orderId}`:n.accountNumber}</div>`,n.kind,W(n.amount,n.currency),_`${z(n.status)}${n.failureReason?_`<div class="muted">${n.failureReason}</div>`:""}`,A(n.createdAt),A(n.dueAt)]}))}
  />`}function xt({snapshot:t,act:e}){return _`<div>
    <div class="toolbar">
      <button onClick=${()=>e("duplicate next",()=>E("POST","/webhooks/duplicate-next",{}))}>
        Duplicate the next
      </button>
      <button onClick=${()=>e("hold next",()=>E("POST","/webhooks/hold-next",{}))}>Hold the next</button>
      <button onClick=${()=>e("stale next",()=>E("POST","/webhooks/stale-next",{seconds:600}))}>
        Next one 10 min stale
      </button>
    </div>
    ${t.webhooks.length===0?_`<p class="muted">No webhooks yet.</p>`:t.webhooks.map(n=>_`<details class="webhook" data-testid=${`webhook-${n.id}`}>
            <summary>
              #${n.id} ${z(n.status)} ${n.payload.status} for order #${n.payload.orderId},${" "}
              ${W(n.payload.amount,n.payload.currency)}${" "}
              <span class="muted">
                ${n.attempts.length} attempt(s)${n.nextAttemptAt?`, next ${A(n.nextAttemptAt)}`:""}
              </span>
            </summary>
            <ol>
              ${n.attempts.map(s=>_`<li>${A(s.at)} ${z(s.outcome)} ${s.detail}</li>`)}
            </ol>
            <h4>Headers</h4>
            <pre>${JSON.stringify(n.headers,null,2)}</pre>
            <h4>Body</h4>
            <pre>${n.rawBody}</pre>
            ${n.url?_`<button
                    onClick=${()=>e(`redeliver ${n.id}`,()=>E("POST",`/webhooks/${n.id}/redeliver`,{}))}
                  >
                  Redeliver
                </button>`:_`<p class="muted">Recorded only: the merchant has no webhook URL.</p>`}
          </details>`)}
  </div>`}function It({snapshot:t}){return _`<div>
    ${t.users.length===0?_`<p class="muted">No PIN users yet.</p>`:""}
    <${X}
      columns=${["user","PIN","wrong attempts","blocked until","reset sessions"]}
      rows=${t.users.map(e=>({key:e.userId,cells:[_`#${e.userId}
            <div class="muted">${e.email??""} ${e.phone?`+${e.phone.phoneCode} ${e.phone.phoneNumber}`:""}</div>`,e.hasPin?"set":"not set",e.wrongAttempts,A(e.blockedUntil),e.resetSessions.map(n=>_`<div>${z(n.state)} ${n.to}, until ${A(n.expiresAt)}</div>`)]}))}
    />
    <h3>One-time codes sent</h3>
    ${t.otp.length===0?_`<p class="muted">None yet.</p>`:""}
    <${X}
      columns=${["code","to","sent"]}
      rows=${t.otp.map(e=>({key:`${e.sessionId}-${e.sentAt}`,cells:[_`<code>${e.code}</code>`,e.to,A(e.sentAt)]}))}
    />
  </div>`}function Pt({snapshot:t,act:e}){let[n,s]=x("POST /api/v1/payment-gateway/order/create"),[r,o]=x("error"),[a,l]=x("503"),[u,h]=x("2000");return _`<div>
    <form class="toolbar fault-form" onSubmit=${d=>{d.preventDefault();let p={route:n,kind:r};r==="error"&&(p.status=Number(a)),r==="latency"&&(p.delayMs=Number(u)),e(`fault on ${n}`,()=>E("POST","/faults",p))}}>
      <div class="field field-wide">
        <label for="fault-route">Route</label>
        <input id="fault-route" value=${n} spellcheck=${!1} onInput=${d=>s(L(d))} />
      </div>
      <div class="field">
        <label for="fault-kind">Kind</label>
        <select id="fault-kind" value=${r} onChange=${d=>o(L(d))}>
          ${["error","latency","network","drop-response"].map(d=>_`<option value=${d}>${d}</option>`)}
        </select>
      </div>
      ${r==="error"?_`<div class="field">
              <label for="fault-status">Status</label>
              <input
                id="fault-status"
                inputmode="numeric"
                size="4"
                value=${a}
                onInput=${d=>l(L(d))}
              />
            </div>`:""}
      ${r==="latency"?_`<div class="field">
              <label for="fault-delay">Delay (ms)</label>
              <input
                id="fault-delay"
                inputmode="numeric"
                size="6"
                value=${u}
                onInput=${d=>h(L(d))}
              />
            </div>`:""}
      <div class="field-buttons">
        <button type="submit">Add fault</button>
        <button type="button" class="secondary" onClick=${()=>e("clear faults",()=>E("DELETE","/faults"))}>
          Clear
        </button>
      </div>
    </form>
    ${t.faults.length===0?_`<p class="muted">No active faults.</p>`:_`<ul class="faults">
          ${t.faults.map(d=>_`<li>
                ${d.route}: ${d.kind}${d.kind==="error"?` ${d.status}`:""}${d.kind==="latency"?` ${d.delayMs} ms`:""}, ${d.remaining==="always"?"every time":`${d.remaining} left`}
              </li>`)}
        </ul>`}
  </div>`}function Et({snapshot:t}){let[e,n]=x(""),[s,r]=x("all"),o=t.requests.filter(a=>a.path.includes(e)&&(s==="all"||a.status!==null&&String(a.status)[0]===s[0]||s==="cut"&&a.status===null));return _`<div>
    <div class="toolbar">
      <input
        aria-label="Path filter"
        placeholder="path contains"
        value=${e}
        onInput=${a=>n(L(a))}
      />
      <select aria-label="Status filter" value=${s} onChange=${a=>r(L(a))}>
        ${["all","2xx","4xx","5xx","cut"].map(a=>_`<option value=${a}>${a}</option>`)}
      </select>
    </div>
    <${X}
      columns=${["#","request","status","ms","idempotency key"]}
      rows=${o.map(a=>({key:a.seq,cells:[a.seq,_`${a.method} ${a.path}
            ${a.warnings.length?_`<div class="warning">${a.warnings.join("; ")}</div>`:""}`,a.status??"cut",a.durationMs.toFixed(1),a.idempotencyKey===null?"":_`<code>${a.idempotencyKey}</code>`]}))}
    />
  </div>`}var Ce=[["merchants","Merchants",St],["orders","Orders",Tt],["money","Refunds and payouts",Ct],["webhooks","Webhooks",xt],["pin","PIN users",It],["faults","Faults",Pt],["requests","Requests",Et]],Nt={"refused-pasted":"The server refused this token. Copy it again from the banner\u2019s control token line (the token alone, without the spaces around it) and try again.","refused-kept":"The server refused the token this tab had: the server may have been started again with another one (off loopback it makes up a new one at each start). Paste the one its banner prints now."};function At({need:t,attempt:e,checking:n,problem:s,onToken:r}){let o=G(null);return ie(()=>{o.current?.focus(),o.current?.select()},[e]),_`<form class="token-form" aria-labelledby="token-title" onSubmit=${l=>{l.preventDefault();let u=o.current?.value.trim()??"";u!==""&&r(u)}}>
    <h2 id="token-title">This server needs its control token</h2>
    <p>
      Its control API (API secrets, one-time codes, money and time) answers only calls that carry its control
      token: the one it was started with (<code>--control-token</code>), or one it made up because it listens on
      another address than loopback (<code>--host</code>).
    </p>
    <p>
      Where you started the server, its banner prints the token on the line <code>control token <i>token</i></code>.
      The banner's <code>inspector:</code> line carries it too, as <code>/__mock/ui/#token=<i>token</i></code>:
      opening that address skips this form.
    </p>
    ${t==="missing"?"":_`<p class="error" role="alert" key=${e}>${Nt[t]}</p>`}
    ${s===null?"":_`<p class="error" role="alert">${s}</p>`}
    <div class="token-field">
      <label for="control-token">Control token</label>
      <input
        id="control-token"
        ref=${o}
        autocomplete="off"
        autocapitalize="off"
        spellcheck=${!1}
        required
      />
      <button type="submit" disabled=${n}>Open the inspector</button>
    </div>
    <p class="muted">The page keeps it for this tab until the tab closes, and sends it to this server only.</p>
  </form>`}function Dt(){let[t,e]=x(null),[n,s]=x(null),[r,o]=x(null),[a,l]=x(location.hash.replace("#","")||"merchants"),[u,h]=x(null),[c,d]=x(0),[p,i]=x(!1),[f,g]=x(null),v=G(null),$=G(!1),m=Se(()=>{let k=Q===null?"missing":$.current?"refused-pasted":"refused-kept";h(S=>S!==null&&k==="missing"?S:k),Q=null,Ie(null)},[]),w=Se(async()=>{let k=await E("GET","/snapshot?limit=50");v.current=k.version,e(k)},[]);ie(()=>{if(u!==null)return;let k=!1,S,N=async()=>{try{let{version:I}=await E("GET","/version");I!==v.current&&await w(),s(null)}catch(I){if(Te(I))return m();s(le(I))}k||(S=setTimeout(N,vt))};return N(),()=>{k=!0,clearTimeout(S)}},[w,u,m]);let b=async k=>{Q=k,$.current=!0,i(!0),g(null);try{await E("GET","/version"),Ie(k),$.current=!1,v.current=null,h(null)}catch(S){Te(S)?m():g(le(S)),d(N=>N+1)}finally{i(!1)}},F=(k,S)=>{S().then(()=>o(`${k}: done`)).catch(N=>{Te(N)&&m(),o(`${k}: ${le(N)}`)}).finally(()=>{w().catch(()=>{})})};if(u!==null)return _`<main>
      <header><h1>Mock inspector</h1></header>
      <${At} need=${u} attempt=${c} checking=${p} problem=${f} onToken=${b} />
    </main>`;if(!t)return _`<main>
      <p role=${n?"alert":void 0}>${n??"Loading the mock\u2019s state..."}</p>
    </main>`;let Y=(Ce.find(([k])=>k===a)??Ce[0])[2];return _`<main>
    <header>
      <h1>Mock inspector</h1>
      ${n?_`<span class="error" role="alert">${n}</span>`:_`<span class="live">live</span>`}
    </header>
    <${wt} snapshot=${t} act=${F} />
    ${r?_`<p class="notice" role="status">${r}</p>`:""}
    <nav role="tablist">
      ${Ce.map(([k,S])=>_`<button
          role="tab"
          aria-selected=${a===k}
          onClick=${()=>{l(k),history.replaceState(null,"",`#${k}`)}}
        >
          ${S}
        </button>`)}
    </nav>
    <section role="tabpanel"><${Y} snapshot=${t} act=${F} /></section>
  </main>`}$e(_`<${Dt} />`,document.getElementById("app"));
